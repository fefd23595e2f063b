import { APICallError, RetryError } from 'ai';
import { ProviderError, type ProviderErrorKind } from './types.js';

/** Whether a call produces text or an image; the generic failure text differs. */
export type GenerationKind = 'text' | 'image';

/** The user-safe messages a provider failure is reported with. */
export const PROVIDER_MESSAGES = {
  rateLimit: 'Rate limit exceeded. Please wait a moment before trying again.',
  auth: "The AI provider rejected the server's credentials. Please try again later.",
  contentFilter: "The request was rejected by the provider's content policy.",
  textFailed: 'Failed to generate response. Please try again.',
  imageFailed: 'Failed to generate image',
} as const;

/** 'Request timed out after N seconds' for a timeout given in milliseconds. */
export function timeoutMessage(timeoutMs: number): string {
  const seconds = timeoutMs >= 1000 ? Math.round(timeoutMs / 1000) : timeoutMs / 1000;
  return `Request timed out after ${seconds} seconds`;
}

/** What the mapper needs to know about the failed call. */
export interface FailureContext {
  kind: GenerationKind;
  timeoutMs: number;
  /** True when our own deadline fired, whatever error the abort surfaced as. */
  timedOut?: boolean;
}

const CONTENT_POLICY = /content[ _-]?policy|content_filter|safety|moderation|prohibited|flagged|nsfw/i;
// How each provider says "no such model": OpenAI model_not_found, Anthropic not_found_error, Gemini
// NOT_FOUND, DeepSeek "Model Not Exist" (a 400), xAI "does not exist", Replicate's 404 on the model path.
const MODEL_NOT_FOUND = /model_not_found|not_found_error|NOT_FOUND|Model Not Exist|does not exist|is not found|not found/i;
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * Turns any failure of a provider call into a ProviderError with a message safe to show.
 * The provider's body and our key are only ever inspected here, never copied into the message.
 */
export function toProviderError(error: unknown, ctx: FailureContext): ProviderError {
  if (error instanceof ProviderError) return error;
  const generic = ctx.kind === 'image' ? PROVIDER_MESSAGES.imageFailed : PROVIDER_MESSAGES.textFailed;
  if (ctx.timedOut) return new ProviderError('timeout', timeoutMessage(ctx.timeoutMs));

  const cause = RetryError.isInstance(error) ? error.lastError : error;
  const status = statusOf(cause);
  const detail = detailOf(cause);

  if (status !== undefined) {
    const kind = kindForStatus(status, detail);
    return new ProviderError(kind, messageFor(kind, generic), status);
  }
  // Errors inside an already-open stream carry the provider's error type instead of a status.
  const inStream = /rate_limit|resource_exhausted/i.test(detail)
    ? 'rate_limit'
    : /authentication_error|permission_error|unauthenticated|permission_denied/i.test(detail)
      ? 'auth'
      : undefined;
  if (inStream) return new ProviderError(inStream, messageFor(inStream, generic));
  if (isNetworkFailure(cause)) return new ProviderError('network', generic);
  return new ProviderError('unavailable', generic);
}

function kindForStatus(status: number, detail: string): ProviderErrorKind {
  if (status === 429) return 'rate_limit';
  if (status === 404 && MODEL_NOT_FOUND.test(detail)) return 'model_not_found';
  if (status === 400 && /Model Not Exist/i.test(detail)) return 'model_not_found';
  if (status === 401 || status === 403) return 'auth';
  // Google answers a bad key with 400 INVALID_ARGUMENT rather than 401.
  if (status === 400 && /API_KEY_INVALID|api key not valid/i.test(detail)) return 'auth';
  if ((status === 400 || status === 422) && CONTENT_POLICY.test(detail)) return 'content_filter';
  if (status === 400 || status === 404 || status === 413 || status === 422) return 'bad_request';
  return 'unavailable';
}

function messageFor(kind: ProviderErrorKind, generic: string): string {
  switch (kind) {
    case 'rate_limit':
      return PROVIDER_MESSAGES.rateLimit;
    case 'auth':
      return PROVIDER_MESSAGES.auth;
    case 'content_filter':
      return PROVIDER_MESSAGES.contentFilter;
    default:
      return generic;
  }
}

// Only failure statuses count: a body that breaks off after a 200 is a network fault, not an HTTP one.
function statusOf(error: unknown): number | undefined {
  if (error && typeof error === 'object') {
    const candidate = (error as { statusCode?: unknown; status?: unknown }).statusCode ?? (error as { status?: unknown }).status;
    if (typeof candidate === 'number' && candidate >= 400 && candidate < 600) return candidate;
  }
  return undefined;
}

// Text used only for classification (content policy, in-stream error types); never shown.
function detailOf(error: unknown): string {
  const parts: string[] = [];
  if (APICallError.isInstance(error)) {
    parts.push(error.message, error.responseBody ?? '');
  } else if (error instanceof Error) {
    parts.push(error.message);
  }
  if (error && typeof error === 'object' && !(error instanceof Error)) {
    try {
      parts.push(JSON.stringify(error));
    } catch {
      // An unserialisable object simply adds nothing to classify by.
    }
  } else if (typeof error === 'string') {
    parts.push(error);
  }
  return parts.join(' ');
}

function isNetworkFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (APICallError.isInstance(current) && current.statusCode === undefined) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    if (current instanceof TypeError && /terminated|fetch failed|network|socket/i.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
