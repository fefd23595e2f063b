import type { User } from '@ensemble/shared';
import type { QueryClient } from '@tanstack/react-query';
import { emitBrowserEvent } from '@/lib/browser-events';
import { clearAccountSuspended } from './account-suspension';
import { ANONYMOUS, fetchSession, type SessionSnapshot, sessionQueryKey } from './api/check-session';

/**
 * After a successful sign-in answer: sets the user, emits authLogin, then confirms with a fresh
 * session check. Resolves true only when that check also says signed in (core.md section 4);
 * otherwise the client is anonymous again and the caller shows 'Session validation failed after login'.
 */
export async function completeSignIn(queryClient: QueryClient, user: User): Promise<boolean> {
  // A check still in flight was sent with the replaced session; its answer must not win.
  await queryClient.cancelQueries({ queryKey: sessionQueryKey });
  queryClient.setQueryData<SessionSnapshot>(sessionQueryKey, { user, expired: false });
  clearAccountSuspended();
  emitBrowserEvent('authLogin', { user });
  const confirmed = await fetchSession(undefined, { fresh: true });
  queryClient.setQueryData<SessionSnapshot>(sessionQueryKey, confirmed.user ? confirmed : ANONYMOUS);
  return Boolean(confirmed.user);
}

/** Replaces the signed-in user in the cache (after a profile refresh); null means signed out (a 401). */
export function setSessionUser(queryClient: QueryClient, user: User | null): void {
  queryClient.setQueryData<SessionSnapshot>(sessionQueryKey, user ? { user, expired: false } : ANONYMOUS);
}

/** Marks the client anonymous and emits authLogout (the server session is already gone). */
export function clearSession(queryClient: QueryClient): void {
  queryClient.setQueryData<SessionSnapshot>(sessionQueryKey, ANONYMOUS);
  emitBrowserEvent('authLogout', {});
}
