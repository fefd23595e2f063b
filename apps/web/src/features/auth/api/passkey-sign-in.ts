import { MESSAGES, PASSKEY_PATHS, type SignInAnswer, webAuthnOptionsResponseSchema } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { confirmSignIn, signInStep } from './login';

/** Signs in with a passkey alone: the server's options, the browser's passkey dialog, and the answer checked. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const { options } = await apiPost(PASSKEY_PATHS.signInOptions, {}, { schema: webAuthnOptionsResponseSchema });
      const credential = await startAuthentication({ optionsJSON: options as never });
      return confirmSignIn(
        queryClient,
        signInStep(await apiPost<SignInAnswer>(PASSKEY_PATHS.signIn, { credential }), MESSAGES.loginFailed),
      );
    },
  });
}
