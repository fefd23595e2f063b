import type { FastifyPluginAsync } from 'fastify';
import { CONFIG_PATHS } from '@ensemble/shared';
import type { ServerCatalogue } from './service.js';

/**
 * GET /api/config/models.php: the visible catalogue, each model marked when the demo provider answers
 * it, and the favourites a first visit starts with (operators may choose them).
 */
export const catalogueRoutes: FastifyPluginAsync<{ catalogue: ServerCatalogue }> = async (app, { catalogue }) => {
  app.get(CONFIG_PATHS.models, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    const list = await catalogue.list();
    return { status: 'success', ...list, default_favourites: catalogue.defaultFavourites() };
  });
};
