import { type ListThreadsResponse, THREAD_PATHS } from '@ensemble/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { threadsQueryKey } from './thread-keys';

/** GET get_all_threads.php: the caller's threads, newest first. */
export async function getThreads(signal?: AbortSignal): Promise<ListThreadsResponse['threads']> {
  const res = await apiGet<ListThreadsResponse>(THREAD_PATHS.list, { signal, cache: 'no-store' });
  return res.threads;
}

/** The signed-in user's thread list (disabled for guests, who have no list). */
export function useThreads(enabled: boolean) {
  return useQuery({ queryKey: threadsQueryKey, queryFn: ({ signal }) => getThreads(signal), enabled, staleTime: 10_000 });
}
