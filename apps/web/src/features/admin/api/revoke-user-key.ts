import { ADMIN_KEY_PATHS, type AdminRevokeKeyRequest, revokeKeyResponseSchema } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { adminKey } from './admin-queries';

/** POST admin/revoke_key.php {id, reason}: revokes any account's key (audited); `revoked` is false when it already was. */
export function useRevokeUserKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminRevokeKeyRequest) => apiPost(ADMIN_KEY_PATHS.revoke, body, { schema: revokeKeyResponseSchema }),
    // The account's keys and the audit log both change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}
