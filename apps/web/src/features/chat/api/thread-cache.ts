import type { ListThreadsResponse, Thread } from '@ensemble/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { threadListKey, threadsQueryKey } from './thread-keys';

type Pages = InfiniteData<ListThreadsResponse>;

/** The threads of a list's loaded pages, in order (a page boundary may repeat one after a change: kept once). */
export function threadsOf(data: Pages | undefined): Thread[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((page) => page.threads).filter((t) => !seen.has(t.id) && seen.add(t.id));
}

/** Takes threads out of every cached list at once (before the server's answer refreshes them). */
export function dropThreads(queryClient: QueryClient, ids: readonly number[]): void {
  const gone = new Set(ids);
  queryClient.setQueryData<Thread[]>(threadsQueryKey, (old) => old?.filter((t) => !gone.has(t.id)));
  queryClient.setQueriesData<Pages>({ queryKey: ['threads', 'list'] }, (old) =>
    old ? { ...old, pages: old.pages.map((page) => ({ ...page, threads: page.threads.filter((t) => !gone.has(t.id)) })) } : old,
  );
}

/** The threads the panel shows in its main list, or (when it has not loaded) every thread; for "open the next one". */
export function cachedThreads(queryClient: QueryClient): Thread[] {
  const main = queryClient.getQueryData<Pages>(threadListKey('none'));
  return main ? threadsOf(main) : (queryClient.getQueryData<Thread[]>(threadsQueryKey) ?? []);
}
