import { type ApiKey, KEY_PATHS, listKeysResponseSchema } from '@ensemble/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** The query key of the account's API keys; creating or revoking one refreshes it. */
export const keysQueryKey = ['api-keys'] as const;

/** GET keys/list.php: the account's live keys, never their secrets. */
export async function listKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return (await apiGet(KEY_PATHS.list, { schema: listKeysResponseSchema, signal, cache: 'no-store' })).keys;
}

/** Query options of the account's API keys. */
export const keysQueryOptions = () => queryOptions({ queryKey: keysQueryKey, queryFn: ({ signal }) => listKeys(signal) });

/** The account's API keys (accounts only: a guest's call answers 403). */
export function useKeys() {
  return useQuery(keysQueryOptions());
}
