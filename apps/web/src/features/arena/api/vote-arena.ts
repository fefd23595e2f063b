import { ARENA_PATHS, type ArenaOutcome, type ArenaReveal, arenaRevealSchema } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/**
 * POST arena/vote.php: the one vote of a comparison; answers the reveal (each slot's model, its figures, and whether
 * the vote counts). 409 when already voted, not ready or void; 429 past the day's votes.
 */
export function voteArena(comparisonId: number, outcome: ArenaOutcome): Promise<ArenaReveal> {
  return apiPost(ARENA_PATHS.vote, { comparison_id: comparisonId, outcome }, { schema: arenaRevealSchema });
}
