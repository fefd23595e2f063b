import { SEARCH_PATHS, searchQuerySchema, searchResponseSchema } from '@ensemble/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/connection.js';
import { searchThreads } from './service.js';

/** GET /api/search.php?q=&limit=: the caller's own threads and messages matching the words, best first. */
export const searchRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    SEARCH_PATHS.search,
    { schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema } } },
    async (request, reply) => {
      const who = await request.identity();
      reply.header('Cache-Control', 'no-store');
      return { status: 'success' as const, results: await searchThreads(db, who, request.query.q, request.query.limit) };
    },
  );
};
