import { AUTH_PATHS, type AuthUserResponse, MESSAGES, type RegisterRequest, type User } from '@ensemble/shared';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { AuthFlowError } from '../auth-errors';

/** POST register.php; the server signs the new account in (and adopts the guest's chat). */
export async function register(body: RegisterRequest): Promise<User> {
  const answer = await apiPost<AuthUserResponse>(AUTH_PATHS.register, body);
  if (answer?.status !== 'success' || !answer.user) throw new AuthFlowError(MESSAGES.registrationFailed);
  return answer.user;
}

/** Creates an account; the caller reloads the page on success (screens.md "Auth panel"). */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
