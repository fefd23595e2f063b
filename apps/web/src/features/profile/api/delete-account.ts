import { AUTH_PATHS, type DeleteAccountRequest } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** Deletes the signed-in account, confirmed by its password or a fresh Google credential. */
export async function deleteAccount(proof: DeleteAccountRequest): Promise<void> {
  await apiPost(AUTH_PATHS.deleteAccount, proof);
}
