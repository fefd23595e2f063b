import { AUTH_PATHS, type GoogleSignInRequest, MESSAGES, type SignInAnswer } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { type SignInStep, confirmSignIn, signInStep } from './login';
import { googleSignInBody } from '../google-credential';

/** POST user_handler.php with Google's ID token and the profile fields read from it. */
export async function googleSignIn(body: GoogleSignInRequest): Promise<SignInStep> {
  return signInStep(await apiPost<SignInAnswer>(AUTH_PATHS.userHandler, body), MESSAGES.googleFailed);
}

/**
 * Signs in with a credential from Google's button. A malformed credential rejects with 'Invalid
 * credential format' before any call; success needs the follow-up session check to agree.
 */
export function useGoogleSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credential: string) => confirmSignIn(queryClient, await googleSignIn(googleSignInBody(credential))),
  });
}
