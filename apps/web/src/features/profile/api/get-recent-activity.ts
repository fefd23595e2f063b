import { ACTIVITY_PATHS, type Activity, listActivityResponseSchema } from '@ensemble/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { PROFILE_QUERY_ROOT } from './get-user-stats';

export const recentActivityQueryKey = [PROFILE_QUERY_ROOT, 'activity'] as const;

/** GET activity_handler.php: the caller's most recent activity entries, newest first. */
export async function fetchRecentActivity(signal?: AbortSignal): Promise<Activity[]> {
  const answer = await apiGet(ACTIVITY_PATHS.handler, { schema: listActivityResponseSchema, signal, cache: 'no-store' });
  return answer.activity;
}

/** The Recent Activity list of the profile page. */
export function useRecentActivity() {
  return useQuery(queryOptions({ queryKey: recentActivityQueryKey, queryFn: ({ signal }) => fetchRecentActivity(signal) }));
}
