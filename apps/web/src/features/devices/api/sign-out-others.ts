import { SESSION_PATHS, signOutOthersResponseSchema } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { sessionsQueryKey } from './list-sessions';

/** POST sessions/sign_out_others.php: signs out every session of the account but this device's; answers how many. */
export async function signOutOthers(): Promise<number> {
  return (await apiPost(SESSION_PATHS.signOutOthers, {}, { schema: signOutOthersResponseSchema })).signed_out;
}

/** Signs out every other device; the list is read again whatever the outcome. */
export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOthers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
