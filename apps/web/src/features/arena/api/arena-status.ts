import { ARENA_PATHS, type ArenaStatus, arenaStatusResponseSchema } from '@ensemble/shared';
import { apiGet } from '@/lib/api-client';

/**
 * GET arena/status.php: where a blind comparison stands (running, ready for the vote, voted, or void and why), slot by
 * slot, with an image slot's picture once it is drawn.
 */
export function arenaStatus(comparisonId: number, signal?: AbortSignal): Promise<ArenaStatus> {
  return apiGet(ARENA_PATHS.status, {
    query: { comparison_id: comparisonId },
    schema: arenaStatusResponseSchema,
    cache: 'no-store',
    signal,
  });
}
