import { ADMIN_KEY_PATHS, adminKeysResponseSchema } from '@ensemble/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { adminKey } from './admin-queries';

/** GET admin/keys.php?user_id=: one account's API keys, revoked ones included (with when). */
export const userKeysQuery = (userId: number) =>
  queryOptions({
    queryKey: [...adminKey, 'user-keys', userId],
    queryFn: async ({ signal }) =>
      (await apiGet(ADMIN_KEY_PATHS.list, { schema: adminKeysResponseSchema, query: { user_id: userId }, signal, cache: 'no-store' })).keys,
  });
