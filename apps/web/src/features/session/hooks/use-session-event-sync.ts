import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onAccountSuspended } from '@/lib/api-client';
import { useBrowserEvent } from '@/lib/browser-events';
import { markAccountSuspended } from '../account-suspension';
import { frontendConfigQueryKey } from '../api/get-frontend-config';
import { clearSession } from '../session-actions';

/**
 * Keeps server state in step with who is signed in: on authLogin or authLogout the session check
 * and every other query but the configuration are refetched (threads, credits and assets belong
 * to the new identity). Any code may emit the events. An answer saying the account is suspended
 * signs the tab out the same way and notes why. Mount once, at the app root.
 */
export function useSessionEventSync(): void {
  const queryClient = useQueryClient();
  const handleChange = () => {
    void queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] !== frontendConfigQueryKey[0],
    });
  };
  useBrowserEvent('authLogin', handleChange);
  useBrowserEvent('authLogout', handleChange);
  // Any answer saying the account is suspended ends it here: the notice shows and the tab is a guest.
  useEffect(
    () =>
      onAccountSuspended(() => {
        markAccountSuspended();
        clearSession(queryClient);
      }),
    [queryClient],
  );
}
