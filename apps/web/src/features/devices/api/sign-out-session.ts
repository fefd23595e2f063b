import { SESSION_PATHS } from '@ensemble/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { sessionsQueryKey } from './list-sessions';

/** POST sessions/sign_out.php: signs out another of the account's sessions at once (404 when it is unknown or gone). */
export async function signOutSession(id: string): Promise<void> {
  await apiPost(SESSION_PATHS.signOut, { id });
}

/** Signs out one device; the list is read again whatever the outcome (so the promise settles after the refetch). */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
