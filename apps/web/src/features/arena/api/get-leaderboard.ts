import { ARENA_PATHS, type ArenaLeaderboard, arenaLeaderboardSchema } from '@ensemble/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** What a leaderboard is asked for: the type of model, the period, and whether only the caller's own votes count. */
export interface LeaderboardFilter {
  type: 'text' | 'image';
  period: 'all' | '30d';
  mine: boolean;
}

/** GET arena/leaderboard.php: the ranked models, the provisional ones, the win-rate matrix and the votes kept apart. */
export function getLeaderboard(filter: LeaderboardFilter, signal?: AbortSignal): Promise<ArenaLeaderboard> {
  return apiGet(ARENA_PATHS.leaderboard, {
    query: { type: filter.type, period: filter.period, mine: filter.mine ? 1 : 0 },
    schema: arenaLeaderboardSchema,
    signal,
  });
}

/** The leaderboard for a filter; `caller` (an account's id, or 'guest') keys "my votes" apart per account. */
export function useLeaderboard(filter: LeaderboardFilter, caller: number | 'guest') {
  return useQuery({
    queryKey: ['arena', 'leaderboard', filter.type, filter.period, filter.mine, caller],
    queryFn: ({ signal }) => getLeaderboard(filter, signal),
  });
}
