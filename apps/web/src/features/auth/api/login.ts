import { AUTH_PATHS, type AuthUserResponse, type LoginRequest, MESSAGES, type User } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { completeSignIn } from '@/features/session';
import { apiPost } from '@/lib/api-client';
import { AuthFlowError } from '../auth-errors';

/** POST login.php; resolves with the signed-in user, or rejects (ApiError or 'Login failed'). */
export async function login(body: LoginRequest): Promise<User> {
  const answer = await apiPost<AuthUserResponse>(AUTH_PATHS.login, body);
  if (answer?.status !== 'success' || !answer.user) throw new AuthFlowError(MESSAGES.loginFailed);
  return answer.user;
}

/**
 * Signs in with e-mail and password. Success means the follow-up session check agreed (core.md
 * section 4); otherwise it rejects with 'Session validation failed after login'.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginRequest) => {
      const user = await login(body);
      if (!(await completeSignIn(queryClient, user))) throw new AuthFlowError(MESSAGES.sessionValidationFailed);
      return user;
    },
  });
}
