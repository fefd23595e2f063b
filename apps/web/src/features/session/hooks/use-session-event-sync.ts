import { useQueryClient } from '@tanstack/react-query';
import { useBrowserEvent } from '@/lib/browser-events';
import { frontendConfigQueryKey } from '../api/get-frontend-config';

/**
 * Keeps server state in step with who is signed in: on authLogin or authLogout the session check
 * and every other query but the configuration are refetched (threads, credits and assets belong
 * to the new identity). Any code may emit the events. Mount once, at the app root.
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
}
