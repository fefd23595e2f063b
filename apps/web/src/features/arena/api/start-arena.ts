import { ARENA_PATHS, type ArenaStartRequest, type ArenaStartResponse, TIMEOUTS, arenaStartResponseSchema } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/**
 * POST arena/start.php: the server draws (or checks) the models and starts every slot's reply; the answer names slots
 * and their streams, never a model. 400 for picks it refuses, 402 when the credits do not cover every slot.
 */
export function startArena(body: ArenaStartRequest, signal?: AbortSignal): Promise<ArenaStartResponse> {
  return apiPost(ARENA_PATHS.start, body, { schema: arenaStartResponseSchema, timeoutMs: TIMEOUTS.textChatMs, signal });
}
