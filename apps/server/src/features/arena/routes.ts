import {
  ARENA_PATHS,
  AppError,
  type ArenaReveal,
  type ArenaStartResponse,
  arenaStartRequestSchema,
  arenaStatusQuerySchema,
  arenaVoteRequestSchema,
  type ArenaLeaderboard,
  arenaLeaderboardQuerySchema,
  arenaVotesQuerySchema,
} from '@ensemble/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { refuseWhenFull } from '../chat/chat-slot.js';
import type { ChatStreams } from '../chat/streams.js';
import type { ServerCatalogue } from '../catalogue/service.js';
import type { Identity } from '../session/service.js';
import { arenaState, startArena, voteArena } from './service.js';
import { votesJsonLines } from './votes-export.js';
import { personalBoard, storedBoard } from './leaderboard.js';

/** The caller of a comparison already started; 401 without a session. */
function signedIn(who: Identity | null): Identity {
  if (!who) throw new AppError('unauthorized', 'Your session has ended: start a new comparison.');
  return who;
}

/**
 * The arena (issue 41): blind comparisons started and run by the server, their state, and the vote that reveals them.
 * Guests may take part; their votes are kept apart from the ranking.
 */
export const arenaRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  catalogue: ServerCatalogue;
  streams: ChatStreams;
  leaderboards: { nudge(): void };
}> = async (app, { ctx, catalogue, streams, leaderboards }) => {
  app.post(
    ARENA_PATHS.start,
    { schema: { body: arenaStartRequestSchema }, onRequest: async (_request, reply) => refuseWhenFull(streams, reply) },
    async (request, reply): Promise<ArenaStartResponse> => {
      const who = await request.identity();
      return startArena({ ctx, catalogue, streams, log: request.log }, who, request.body, request, reply);
    },
  );

  app.get(ARENA_PATHS.status, { schema: { querystring: arenaStatusQuerySchema } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const who = signedIn(await request.existingIdentity());
    return arenaState(ctx.db, who, request.query.comparison_id);
  });

  app.get(ARENA_PATHS.votes, { schema: { querystring: arenaVotesQuerySchema } }, async (request, reply) => {
    const { type } = request.query;
    reply.header('Content-Type', 'application/x-ndjson; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="ensemble-arena-${type}-votes.jsonl"`);
    reply.header('Cache-Control', 'no-store');
    return reply.send(votesJsonLines(ctx.db.kysely, type));
  });

  app.post(ARENA_PATHS.vote, { schema: { body: arenaVoteRequestSchema } }, async (request): Promise<ArenaReveal> => {
    const who = signedIn(await request.existingIdentity());
    const reveal = await voteArena(ctx.db, who, request.body, ctx.config.ARENA_VOTES_PER_DAY);
    leaderboards.nudge();
    return reveal;
  });

  // Open to everyone; "my votes only" is an account's own board, computed on demand.
  app.get(
    ARENA_PATHS.leaderboard,
    { schema: { querystring: arenaLeaderboardQuerySchema } },
    async (request, reply): Promise<ArenaLeaderboard> => {
      const { type, period, mine } = request.query;
      if (mine) {
        const who = await request.existingIdentity();
        if (who?.kind !== 'user') throw new AppError('unauthorized', 'Sign in to see a leaderboard of your own votes.');
        reply.header('Cache-Control', 'no-store');
        return personalBoard(ctx.db, who.userId, type, period);
      }
      reply.header('Cache-Control', 'no-cache');
      // The stored board answers now; new votes (or an exclusion) are counted within a second, by one instance.
      leaderboards.nudge();
      return storedBoard(ctx.db, type, period);
    },
  );
};
