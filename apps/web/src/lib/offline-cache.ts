import type { User } from '@ensemble/shared';
import { type DehydratedState, dehydrate, hydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { del, get, set } from 'idb-keyval';

/**
 * The installed app offline (issue 42): the last copy of what the shell needs to open (the session, the frontend
 * configuration, the models) and, for an account, its thread list and folders, kept in IndexedDB as the app last had
 * them. Opened offline, the app starts from this copy, so the header and the thread list show and stay readable;
 * nothing is sent. The service worker itself caches no API answer. Signing out deletes the account's copy.
 */
const KEY = 'ensemble-offline-v1';
/** Kept for everyone: what the app shell needs to open. */
const SHELL = new Set(['session', 'frontend-config', 'models']);
/** Kept for an account only: its threads (the list, the folders). */
const ACCOUNT = new Set(['threads']);
const SAVE_AFTER_MS = 1000;

type Saved = { userId: number | null; state: DehydratedState };

const root = (query: Query) => String(query.queryKey[0]);
const signedInUser = (client: QueryClient): User | null => client.getQueryData<{ user: User | null }>(['session'])?.user ?? null;

/** Puts the last copy in the query cache (before the first render, when the app opens offline). Answers whether there was one. */
export async function restoreOffline(client: QueryClient): Promise<boolean> {
  const saved = await get<Saved>(KEY).catch(() => undefined);
  if (!saved?.state) return false;
  hydrate(client, saved.state);
  return true;
}

/** Keeps the copy up to date while the app runs (a second after each change); returns a stop function. */
export function keepOffline(client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    const user = signedInUser(client);
    const kept = (query: Query) =>
      query.state.status === 'success' && (SHELL.has(root(query)) || (user !== null && ACCOUNT.has(root(query))));
    const saved: Saved = { userId: user?.id ?? null, state: dehydrate(client, { shouldDehydrateQuery: kept }) };
    void set(KEY, saved).catch(() => undefined);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed' && event.type !== 'added') return;
    const key = root(event.query);
    if (!SHELL.has(key) && !ACCOUNT.has(key)) return;
    // Signed out: the account's copy goes at once, not a second later.
    if (key === 'session' && !signedInUser(client)) void del(KEY).catch(() => undefined);
    clearTimeout(timer);
    timer = setTimeout(save, SAVE_AFTER_MS);
  });
  save();
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
