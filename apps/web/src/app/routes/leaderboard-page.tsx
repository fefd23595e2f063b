import { LeaderboardScreen } from '@/features/arena';

/** /prod/leaderboard: the arena's ratings from blind votes (its own chunk, loaded only here). */
export function LeaderboardPage() {
  return <LeaderboardScreen />;
}
