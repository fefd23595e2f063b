import { AUTH_PATHS, type LoginRequest, MESSAGES, type SignInAnswer, type User } from '@ensemble/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { completeSignIn } from '@/features/session';
import { apiPost } from '@/lib/api-client';
import { AuthFlowError } from '../auth-errors';

/** What the first step of a sign-in gives: the signed-in user, or the challenge of two-factor sign-in. */
export type SignInStep = { user: User; challenge?: undefined } | { challenge: string; user?: undefined };

/** The user or the challenge of a sign-in answer; anything else rejects with `failed`. */
export function signInStep(answer: SignInAnswer | undefined, failed: string): SignInStep {
  if (answer?.status === 'two_factor_required' && answer.challenge) return { challenge: answer.challenge };
  if (answer?.status === 'success' && answer.user) return { user: answer.user };
  throw new AuthFlowError(failed);
}

/** POST login.php; resolves with the signed-in user or a two-factor challenge, or rejects (ApiError or 'Login failed'). */
export async function login(body: LoginRequest): Promise<SignInStep> {
  return signInStep(await apiPost<SignInAnswer>(AUTH_PATHS.login, body), MESSAGES.loginFailed);
}

/** Finishes a sign-in once the server agreed: the follow-up session check must agree too (core.md section 4). */
export async function confirmSignIn(queryClient: QueryClient, step: SignInStep): Promise<SignInStep> {
  if (step.user && !(await completeSignIn(queryClient, step.user))) throw new AuthFlowError(MESSAGES.sessionValidationFailed);
  return step;
}

/**
 * Signs in with e-mail and password. Success means the follow-up session check agreed (core.md
 * section 4), or that a two-factor code is asked for; otherwise it rejects with 'Session validation failed after login'.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginRequest) => confirmSignIn(queryClient, await login(body)),
  });
}
