import { SESSION_KEYS } from '@ensemble/shared';
import { useSyncExternalStore } from 'react';
import { sessionStore } from '@/lib/storage';

// Kept for the tab, so a reload after the server said it (once) still shows why the account is gone.
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Notes that the server refused this tab's account as suspended. */
export function markAccountSuspended(): void {
  if (sessionStore.getString(SESSION_KEYS.accountSuspended) === '1') return;
  sessionStore.setString(SESSION_KEYS.accountSuspended, '1');
  notify();
}

/** Forgets the suspension (a sign-in to an account). */
export function clearAccountSuspended(): void {
  if (sessionStore.getString(SESSION_KEYS.accountSuspended) === null) return;
  sessionStore.remove(SESSION_KEYS.accountSuspended);
  notify();
}

const read = () => sessionStore.getString(SESSION_KEYS.accountSuspended) === '1';
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether this tab's account was suspended (until the next sign-in). */
export function useAccountSuspended(): boolean {
  return useSyncExternalStore(subscribe, read, read);
}
