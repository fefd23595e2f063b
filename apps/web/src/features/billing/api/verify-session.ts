import { MESSAGES, SUBSCRIPTION_PATHS, type VerifySessionResponse, verifySessionResponseSchema } from '@ensemble/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiPost } from '@/lib/api-client';

/** POST verify_session.php {session_id}: confirms a paid checkout and applies the plan. */
export function verifySession(sessionId: string, signal?: AbortSignal): Promise<VerifySessionResponse> {
  return apiPost(SUBSCRIPTION_PATHS.verify, { session_id: sessionId }, { schema: verifySessionResponseSchema, signal });
}

/**
 * Verifies a checkout once per session id (the server applies a plan only once, so a repeat is
 * harmless, but there is no reason to ask again while the page is open).
 */
export function useVerifySession(sessionId: string | null) {
  return useQuery({
    queryKey: ['verify-session', sessionId],
    queryFn: ({ signal }) => verifySession(sessionId as string, signal),
    enabled: Boolean(sessionId),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/**
 * Why a verification failed, for the 'Oops!' screen: the server's own message ('Invalid session ID',
 * 'Verification failed', 'Failed to verify subscription'), or a generic one when no usable answer came.
 */
export function verifyErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.confirmSubscriptionFailed;
  if (error.code === 'invalid_response') return MESSAGES.verificationFailed;
  if (error.httpStatus === 0 || error.code === 'non_json' || error.message === MESSAGES.serverError(error.httpStatus)) {
    return MESSAGES.confirmSubscriptionFailed;
  }
  return error.message;
}
