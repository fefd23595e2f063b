import { isConnected, noteConnection } from './connection';
import { type CreditsInfo, type ErrorCode, MESSAGES, TIMEOUTS, isCreditsExhausted } from '@ensemble/shared';
import type { z } from 'zod';
import { i18n } from '@/i18n';
import { noteServerMessage, specText } from '@/i18n/server-messages';

/** Codes an ApiError may carry: the server's codes plus failures seen only by the client. */
export type ApiErrorCode = ErrorCode | 'network' | 'offline' | 'timeout' | 'non_json' | 'invalid_response' | (string & {});

/** A failed API call, rebuilt on the client from the `{"status":"error","message"}` body. */
export class ApiError extends Error {
  /** HTTP status; 0 when no answer arrived (network failure, timeout). */
  readonly httpStatus: number;
  readonly code: ApiErrorCode | undefined;
  /** The parsed answer body, when there was one. */
  readonly body: unknown;
  /** How long the server asked the caller to wait before trying again (its Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;
  constructor(message: string, options: { httpStatus: number; code?: ApiErrorCode; body?: unknown; retryAfterMs?: number }) {
    super(message);
    this.name = 'ApiError';
    this.httpStatus = options.httpStatus;
    this.code = options.code;
    this.body = options.body;
    this.retryAfterMs = options.retryAfterMs;
  }

  /** Whether this error means the caller ran out of credits (HTTP 402 and the spec's other signs). */
  get creditsExhausted(): boolean {
    return this.code === 'credits_exhausted';
  }

  /** Whether this is a spending guardrail (the user's monthly budget or the plan's daily cap), not an empty balance. */
  get spendingLimit(): boolean {
    return this.code === 'budget_reached' || this.code === 'daily_cap_reached';
  }

  /** The balance the server sent with a credits error, when it sent one. */
  get creditsInfo(): CreditsInfo | undefined {
    const body = this.body as { credits_info?: CreditsInfo; data?: { credits_info?: CreditsInfo } } | undefined;
    return body?.credits_info ?? body?.data?.credits_info;
  }
}

/** A Retry-After header in milliseconds: delay-seconds or an HTTP date (RFC 9110 section 10.2.3); undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date names its day and month; Date.parse alone would also take "-3" as a year.
  if (!/[a-z]/i.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Whether a value is an ApiError for exhausted credits. */
export function isCreditsError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.creditsExhausted;
}

/**
 * Options of one call. Pass `schema` to validate (and type) the answer with a shared zod schema, or a function that
 * loads it (`() => import('./x-schemas').then((m) => m.xSchema)`): zod and the schemas then load with the first such
 * call, in parallel with the request, instead of with the page.
 */
export interface ApiOptions<S extends z.ZodType | undefined = undefined> {
  schema?: S | (() => Promise<S>);
  /** Query parameters; undefined and null values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Milliseconds before the call is aborted with 'Request timed out after N seconds' (default 30 s). */
  timeoutMs?: number;
  /** The caller's own abort signal (TanStack Query passes one). */
  signal?: AbortSignal;
  cache?: RequestCache;
  headers?: Record<string, string>;
  /** Goes out at once even while calls are held for a session check (the check itself). */
  ungated?: boolean;
}

const suspensionListeners = new Set<() => void>();

/**
 * Calls `listener` whenever an answer says the caller's account is suspended (the server says so
 * once, on the first request of a session it revoked); returns the function that stops listening.
 */
export function onAccountSuspended(listener: () => void): () => void {
  suspensionListeners.add(listener);
  return () => suspensionListeners.delete(listener);
}

let sessionGate: Promise<void> | null = null;

/**
 * Holds every API call made from now on until `check` settles. A caller without a session cookie
 * (a first visit, right after sign-out) gets a new guest identity from whichever call reaches the
 * server first; held behind one session check, the others carry that guest's cookie instead of
 * each making a guest of their own.
 */
export function holdCallsUntil(check: Promise<unknown>): void {
  const gate = check.then(
    () => undefined,
    () => undefined,
  );
  sessionGate = gate;
  void gate.then(() => {
    if (sessionGate === gate) sessionGate = null;
  });
}

type Result<S, T> = S extends z.ZodType ? z.output<S> : T;

/** Builds a same-origin URL with query parameters. */
export function apiUrl(path: string, query?: ApiOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

// A 2xx answer whose body says status "error" is still a failure. A 2xx credits_exhausted answer is
// not: check_credits.php reports a shortfall that way, and callers read its credits_info.
function bodyStatusIsError(body: unknown): boolean {
  return Boolean(body && typeof body === 'object' && (body as { status?: unknown }).status === 'error');
}

/** Turns a failing answer's body into an ApiError, recognising exhausted credits. */
export function errorFromBody(httpStatus: number, body: unknown, retryAfterMs?: number): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown> & {
    data?: { status?: unknown; message?: unknown };
    credits_info?: { status?: unknown };
  };
  const text = typeof b.message === 'string' && b.message ? b.message : typeof b.error === 'string' && b.error ? b.error : '';
  // The code comes first: a reached budget or daily cap is a 402 too, but the spec's
  // credits-exhausted detection would send the user to the upgrade page instead of Settings.
  if (b.code === 'budget_reached' || b.code === 'daily_cap_reached') {
    return new ApiError(text || specText('serverError', { status: httpStatus }, MESSAGES.serverError(httpStatus)), {
      httpStatus,
      code: b.code,
      body,
      retryAfterMs,
    });
  }
  const credits = isCreditsExhausted({
    httpStatus,
    status: b.status,
    message: text,
    code: b.code,
    data: b.data,
    credits_info: b.credits_info,
  });
  const fallback = httpStatus >= 400 ? specText('serverError', { status: httpStatus }, MESSAGES.serverError(httpStatus)) : MESSAGES.unknown;
  const message = text || (credits ? MESSAGES.creditsExhaustedUser : fallback);
  const code = credits ? 'credits_exhausted' : typeof b.code === 'string' ? b.code : undefined;
  return new ApiError(message, { httpStatus, code, body, retryAfterMs });
}

async function request<S extends z.ZodType | undefined, T>(
  method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH',
  path: string,
  body: unknown,
  options: ApiOptions<S> = {},
): Promise<Result<S, T>> {
  const schemaSource = options.schema;
  const schemaReady = typeof schemaSource === 'function' ? schemaSource() : Promise.resolve(schemaSource);
  // Read only once the answer is in; a failure to load it must not surface before then as an unhandled rejection.
  schemaReady.catch(() => undefined);
  if (sessionGate && !options.ungated) await sessionGate;
  const timeoutMs = options.timeoutMs ?? TIMEOUTS.creditCheckMs;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) controller.abort(options.signal.reason);
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  // The app's language, which the server writes its mails in (a reset link asked for in German comes in German).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18n.locale || 'en', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  let text: string;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: options.cache,
      signal: controller.signal,
    });
    text = await response.text();
  } catch (error) {
    if (timedOut) {
      const seconds = Math.max(1, Math.round(timeoutMs / 1000));
      throw new ApiError(specText('timedOut', { seconds }, MESSAGES.timedOut(seconds)), { httpStatus: 0, code: 'timeout' });
    }
    // The caller's own abort stays an AbortError so query cancellation behaves as usual.
    if (options.signal?.aborted) throw error;
    // No answer at all. Known to be offline (the browser says so, or this is not the first request to get none): say
    // so rather than "try again" (the installed app opens offline, issue 42).
    const known = !isConnected();
    noteConnection(false);
    if (known) throw new ApiError(MESSAGES.offline, { httpStatus: 0, code: 'offline' });
    throw new ApiError(MESSAGES.connectionError, { httpStatus: 0, code: 'network' });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  noteConnection(true);
  const retryAfter = response.ok ? undefined : parseRetryAfter(response.headers.get('Retry-After'));
  if (!text.trim()) {
    if (!response.ok)
      throw new ApiError(specText('serverError', { status: response.status }, MESSAGES.serverError(response.status)), {
        httpStatus: response.status,
        retryAfterMs: retryAfter,
      });
    return undefined as Result<S, T>;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(MESSAGES.nonJson, { httpStatus: response.status, code: 'non_json' });
  }
  // One of the spec's messages, named by the server: shown translated wherever its text appears.
  if (parsed && typeof parsed === 'object' && typeof (parsed as { message?: unknown }).message === 'string') {
    noteServerMessage((parsed as { message: string }).message, parsed as { message_code?: unknown; params?: unknown });
  }
  if (!response.ok || bodyStatusIsError(parsed)) {
    const error = errorFromBody(response.status, parsed, retryAfter);
    if (error.code === 'account_suspended') for (const listener of suspensionListeners) listener();
    throw error;
  }
  const schema = await schemaReady;
  if (!schema) return parsed as Result<S, T>;
  const checked = schema.safeParse(parsed);
  if (!checked.success) {
    throw new ApiError(MESSAGES.invalidResponse, { httpStatus: response.status, code: 'invalid_response', body: parsed });
  }
  return checked.data as Result<S, T>;
}

/** GET a JSON API path; typed by `schema` when given, else by T. */
export function apiGet<T = unknown, S extends z.ZodType | undefined = undefined>(
  path: string,
  options?: ApiOptions<S>,
): Promise<Result<S, T>> {
  return request<S, T>('GET', path, undefined, options);
}

/** POST a JSON body (typed by the shared request type) to an API path. */
export function apiPost<T = unknown, S extends z.ZodType | undefined = undefined>(
  path: string,
  body: unknown,
  options?: ApiOptions<S>,
): Promise<Result<S, T>> {
  return request<S, T>('POST', path, body ?? {}, options);
}

/** DELETE an API path (parameters usually go in `query`). */
export function apiDelete<T = unknown, S extends z.ZodType | undefined = undefined>(
  path: string,
  options?: ApiOptions<S>,
): Promise<Result<S, T>> {
  return request<S, T>('DELETE', path, undefined, options);
}
