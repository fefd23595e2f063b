import { AUTH_PATHS, type SessionCheckResponse, type User } from '@ensemble/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet } from '@/lib/api-client';

/** What the session check concluded (core.md section 4, auth state). */
export interface SessionSnapshot {
  user: User | null;
  /** True when the check failed for another reason than 401: the session expired or errored. */
  expired: boolean;
}

export const ANONYMOUS: SessionSnapshot = { user: null, expired: false };

export const sessionQueryKey = ['session'] as const;

/** GET check_session.php: success = signed in; 401 = anonymous; any other failure = anonymous, expired. */
export async function fetchSession(signal?: AbortSignal): Promise<SessionSnapshot> {
  try {
    // Typed, not parsed: keeping zod out of the first load matters more here than re-checking our own server.
    // Ungated: this is the check other calls wait for after a sign-out (see holdCallsUntil).
    const answer = await apiGet<SessionCheckResponse>(AUTH_PATHS.checkSession, { cache: 'no-store', signal, ungated: true });
    if (answer?.status === 'success' && answer.user) return { user: answer.user, expired: false };
    return { user: null, expired: true };
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 401) return ANONYMOUS;
    if (signal?.aborted) throw error;
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
