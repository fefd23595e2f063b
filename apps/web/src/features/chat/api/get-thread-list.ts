import { type ListThreadsResponse, THREAD_PATHS } from '@ensemble/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { threadListKey, type ThreadListName } from './thread-keys';

/** Threads a page of a list holds. */
export const THREAD_PAGE_SIZE = 50;

/** GET get_all_threads.php?folder=: one page of a list (pinned first in the user's order, then latest activity). */
export async function getThreadPage(folder: ThreadListName, page: number, signal?: AbortSignal): Promise<ListThreadsResponse> {
  return apiGet<ListThreadsResponse>(THREAD_PATHS.list, { query: { folder, page, limit: THREAD_PAGE_SIZE }, signal, cache: 'no-store' });
}

/** One list of the side panel, page by page: the main list (none), a folder's (its id) or the archived chats. */
export function useThreadList(folder: ThreadListName, enabled = true) {
  return useInfiniteQuery({
    queryKey: threadListKey(folder),
    queryFn: ({ pageParam, signal }) => getThreadPage(folder, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.has_more ? pages.length + 1 : undefined),
    enabled,
    staleTime: 10_000,
  });
}
