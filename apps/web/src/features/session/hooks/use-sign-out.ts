import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { holdCallsUntil } from '@/lib/api-client';
import { fetchSession } from '../api/check-session';
import { logout } from '../api/logout';
import { clearAuthReturn } from '../auth-return';
import { clearSession } from '../session-actions';

/**
 * Returns signOut(): POST logout.php, then one session check (which makes the new guest) that
 * other calls wait for, then clear the user, emit authLogout and go to /prod/thread.
 * Rejects with 'Failed to logout' (and stays signed in) when the server refuses.
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    // One session check makes the new guest; every other call waits for its cookie.
    // (Its answer is not cached: the cache turns anonymous below, after protected pages are left.)
    holdCallsUntil(fetchSession());
    // Leave protected pages first, so their guard does not remember them as a return target.
    await navigate('/thread');
    clearSession(queryClient);
    clearAuthReturn();
  }, [navigate, queryClient]);
}
