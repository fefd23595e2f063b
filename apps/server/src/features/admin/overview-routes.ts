import { ADMIN_OVERVIEW_PATH, adminOverviewQuerySchema } from '@ensemble/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { overview } from '../rollups/overview.js';

/**
 * GET overview.php?days=7|30|90: the operator overview's daily series, from the rollups only.
 * Registered inside the admin routes, so their operator guard (403 before any input is read) applies.
 */
export const adminOverviewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(ADMIN_OVERVIEW_PATH, { schema: { querystring: adminOverviewQuerySchema } }, async (request) =>
    overview(ctx.db.kysely, request.query.days),
  );
};
