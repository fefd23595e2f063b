import { ACTIVITY_PATHS, type Activity, type MonthUsage, listActivityResponseSchema } from '@ensemble/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { PROFILE_QUERY_ROOT } from './get-user-stats';

export const recentActivityQueryKey = [PROFILE_QUERY_ROOT, 'activity'] as const;

/** GET activity_handler.php: the caller's most recent activity entries, newest first, and an account's month of usage. */
export async function fetchRecentActivity(signal?: AbortSignal): Promise<{ activity: Activity[]; usage: MonthUsage | null }> {
  const answer = await apiGet(ACTIVITY_PATHS.handler, { schema: listActivityResponseSchema, signal, cache: 'no-store' });
  return { activity: answer.activity, usage: answer.usage ?? null };
}

const activityQuery = queryOptions({ queryKey: recentActivityQueryKey, queryFn: ({ signal }) => fetchRecentActivity(signal) });

/** The Recent Activity list of the profile page. */
export function useRecentActivity() {
  return useQuery({ ...activityQuery, select: (d) => d.activity });
}

/** This month's requests and credits, in the chat and through API keys apart (accounts; null for guests). */
export function useMonthUsage() {
  return useQuery({ ...activityQuery, select: (d) => d.usage });
}
