import { AUTH_PATHS, type UserStatsResponse, userStatsResponseSchema } from '@ensemble/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** Every query of the profile page starts with this key part (refetched together). */
export const PROFILE_QUERY_ROOT = 'profile';

export const userStatsQueryKey = [PROFILE_QUERY_ROOT, 'stats'] as const;

/** GET user_handler.php: the signed-in user's figures (and the user). */
export function fetchUserStats(signal?: AbortSignal): Promise<UserStatsResponse> {
  return apiGet(AUTH_PATHS.userHandler, { schema: userStatsResponseSchema, signal, cache: 'no-store' });
}

/** The profile figures: messages, threads, credits used and remaining, subscription. */
export function useUserStats() {
  return useQuery(queryOptions({ queryKey: userStatsQueryKey, queryFn: ({ signal }) => fetchUserStats(signal) }));
}
