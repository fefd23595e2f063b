import { useQueryClient } from '@tanstack/react-query';
import { useBrowserEvent } from '@/lib/browser-events';
import { PROFILE_QUERY_ROOT } from '../api/get-user-stats';

/** Refetches the profile's figures and activity when credits change (creditUpdate) or someone signs in (authLogin). */
export function useProfileRefresh(): void {
  const queryClient = useQueryClient();
  const handleChange = () => void queryClient.invalidateQueries({ queryKey: [PROFILE_QUERY_ROOT] });
  useBrowserEvent('creditUpdate', handleChange);
  useBrowserEvent('authLogin', handleChange);
}
