import { KEY_PATHS, type RevokeKeyResponse, revokeKeyResponseSchema } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { keysQueryKey } from './list-keys';

/** POST keys/revoke.php: the key stops working at once (its running requests are cut); `revoked` is false when it already was. */
export function revokeKey(id: number): Promise<RevokeKeyResponse> {
  return apiPost(KEY_PATHS.revoke, { id }, { schema: revokeKeyResponseSchema });
}

/** Revokes a key; the list of keys is read again whatever the outcome. */
export function useRevokeKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keysQueryKey }),
  });
}
