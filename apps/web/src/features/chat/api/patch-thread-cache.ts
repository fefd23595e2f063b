import type { ListThreadsResponse, Thread } from '@ensemble/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { threadsOf } from './thread-cache';
import { threadListKey, threadsQueryKey } from './thread-keys';

// Kept apart from thread-cache.ts: only the side panel (loaded for accounts) changes threads in place, while the chat
// page that every visitor loads drops them.
type Pages = InfiniteData<ListThreadsResponse>;

/** Changes the cached threads of every list that holds them (a pin, say), so the list shows it at once. */
export function patchThreads(queryClient: QueryClient, ids: readonly number[], patch: Partial<Thread>): void {
  const hit = new Set(ids);
  const apply = (t: Thread) => (hit.has(t.id) ? { ...t, ...patch } : t);
  queryClient.setQueryData<Thread[]>(threadsQueryKey, (old) => old?.map(apply));
  queryClient.setQueriesData<Pages>({ queryKey: ['threads', 'list'] }, (old) =>
    old ? { ...old, pages: old.pages.map((page) => ({ ...page, threads: page.threads.map(apply) })) } : old,
  );
}

/** Puts a list's pinned threads in the given order at once (the pins stay first, the rest as they were). */
export function reorderPinsInCache(queryClient: QueryClient, folder: number | 'none', ids: readonly number[]): void {
  queryClient.setQueryData<Pages>(threadListKey(folder), (old) => {
    if (!old) return old;
    const all = threadsOf(old);
    const byId = new Map(all.map((t) => [t.id, t]));
    const pinned = ids.flatMap((id) => byId.get(id) ?? []);
    const ordered = [...pinned, ...all.filter((t) => !ids.includes(t.id))];
    let at = 0;
    return {
      ...old,
      pages: old.pages.map((page) => {
        const threads = ordered.slice(at, at + page.threads.length);
        at += page.threads.length;
        return { ...page, threads };
      }),
    };
  });
}
