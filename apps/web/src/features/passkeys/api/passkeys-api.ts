import { PASSKEY_PATHS, passkeyListResponseSchema, webAuthnOptionsResponseSchema } from '@ensemble/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';

/** The query key of the account's passkeys. */
export const passkeysQueryKey = ['passkeys'] as const;

/** GET passkeys.php: the account's passkeys, oldest first. */
export function usePasskeys() {
  return useQuery({
    queryKey: passkeysQueryKey,
    queryFn: async ({ signal }) =>
      (await apiGet(PASSKEY_PATHS.list, { schema: passkeyListResponseSchema, signal, cache: 'no-store' })).passkeys,
  });
}

/**
 * Registers a passkey: the server's options, the browser's own dialog (the WebAuthn library is loaded only now), and
 * the answer saved. Rejects with the browser's NotAllowedError when the person cancels.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const { options } = await apiPost(PASSKEY_PATHS.registerOptions, {}, { schema: webAuthnOptionsResponseSchema });
      const credential = await startRegistration({ optionsJSON: options as never });
      await apiPost(PASSKEY_PATHS.register, { name: name.trim() || undefined, credential });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

/** POST delete.php: removes one passkey. */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiPost(PASSKEY_PATHS.remove, { id });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

/** Whether an error is the browser's own "cancelled or timed out" of a WebAuthn dialog. */
export function cancelledByPerson(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
