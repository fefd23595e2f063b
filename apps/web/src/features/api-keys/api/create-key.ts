import { type CreateKeyRequest, type CreateKeyResponse, KEY_PATHS, createKeyResponseSchema } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { keysQueryKey } from './list-keys';

/** POST keys/create.php: makes a key and answers its whole secret, which is never shown again. */
export function createKey(body: CreateKeyRequest): Promise<CreateKeyResponse> {
  return apiPost(KEY_PATHS.create, body, { schema: createKeyResponseSchema });
}

/** Creates a key; the list of keys is read again once it exists. */
export function useCreateKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysQueryKey }),
  });
}
