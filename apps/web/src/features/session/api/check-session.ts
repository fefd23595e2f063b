import { AUTH_PATHS, type SessionCheckResponse, type User } from '@ensemble/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet } from '@/lib/api-client';
import { markAccountSuspended } from '../account-suspension';

/** What the session check concluded (core.md section 4, auth state). */
export interface SessionSnapshot {
  user: User | null;
  /** True when the check failed for another reason than 401: the session expired or errored. */
  expired: boolean;
}

export const ANONYMOUS: SessionSnapshot = { user: null, expired: false };

export const sessionQueryKey = ['session'] as const;

// A check without a session cookie makes a guest on the server, so two at once would make two:
// concurrent checks share the one in flight (only a sign-in asks for a fresh one, see completeSignIn).
let inFlight: Promise<SessionSnapshot> | null = null;

/**
 * GET check_session.php: success = signed in; 401 = anonymous; the account suspended = anonymous
 * with the suspension noted (see account-suspension); any other failure = anonymous, expired. Calls made while one is in flight share its answer; `fresh` always sends a new one.
 */
export function fetchSession(signal?: AbortSignal, options: { fresh?: boolean } = {}): Promise<SessionSnapshot> {
  if (options.fresh) return checkSession(signal);
  if (!inFlight) {
    const check = checkSession();
    inFlight = check;
    // Its failure is the callers' to handle (this is only the bookkeeping).
    check
      .finally(() => {
        if (inFlight === check) inFlight = null;
      })
      .catch(() => undefined);
  }
  const shared = inFlight;
  if (!signal) return shared;
  // An aborted caller stops waiting; the shared check goes on for the others.
  return new Promise<SessionSnapshot>((resolve, reject) => {
    const abort = () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    shared.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

async function checkSession(signal?: AbortSignal): Promise<SessionSnapshot> {
  try {
    // Typed, not parsed: keeping zod out of the first load matters more here than re-checking our own server.
    // Ungated: this is the check other calls wait for after a sign-out (see holdCallsUntil).
    const answer = await apiGet<SessionCheckResponse>(AUTH_PATHS.checkSession, { cache: 'no-store', signal, ungated: true });
    if (answer?.status === 'success' && answer.user) return { user: answer.user, expired: false };
    return { user: null, expired: true };
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 401) return ANONYMOUS;
    // Told once, on the first request after an operator suspended the account: a guest from now on.
    if (error instanceof ApiError && error.code === 'account_suspended') {
      markAccountSuspended();
      return ANONYMOUS;
    }
    if (signal?.aborted) throw error;
    // No answer at all (offline, the server unreachable): nothing is known, so the last answer (or the installed app's
    // copy of it) stands.
    if (error instanceof ApiError && (error.code === 'offline' || error.code === 'network')) throw error;
    return { user: null, expired: true };
  }
}

/** Query options of the session check; it never errors, so no retries are needed. */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 5 * 60_000,
    retry: false,
    networkMode: 'always',
  });
}
