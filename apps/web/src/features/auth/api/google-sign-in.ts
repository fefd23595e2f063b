import { AUTH_PATHS, type AuthUserResponse, type GoogleSignInRequest, MESSAGES, type User } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { completeSignIn } from '@/features/session';
import { apiPost } from '@/lib/api-client';
import { AuthFlowError } from '../auth-errors';
import { googleSignInBody } from '../google-credential';

/** POST user_handler.php with Google's ID token and the profile fields read from it. */
export async function googleSignIn(body: GoogleSignInRequest): Promise<User> {
  const answer = await apiPost<AuthUserResponse>(AUTH_PATHS.userHandler, body);
  if (answer?.status !== 'success' || !answer.user) throw new AuthFlowError(MESSAGES.googleFailed);
  return answer.user;
}

/**
 * Signs in with a credential from Google's button. A malformed credential rejects with 'Invalid
 * credential format' before any call; success needs the follow-up session check to agree.
 */
export function useGoogleSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credential: string) => {
      const user = await googleSignIn(googleSignInBody(credential));
      if (!(await completeSignIn(queryClient, user))) throw new AuthFlowError(MESSAGES.sessionValidationFailed);
      return user;
    },
  });
}
