import { MESSAGES, type SignInAnswer, TWO_FACTOR_PATHS } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { confirmSignIn, signInStep } from './login';

/** The second step of a sign-in: the challenge and a code from the app (or a recovery code). */
export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { challenge: string; code: string }) =>
      confirmSignIn(queryClient, signInStep(await apiPost<SignInAnswer>(TWO_FACTOR_PATHS.verify, body), MESSAGES.loginFailed)),
  });
}
