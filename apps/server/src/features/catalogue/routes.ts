import type { FastifyPluginAsync } from 'fastify';
import { CONFIG_PATHS } from '@ensemble/shared';
import { searchBackendFor, type WebSearchSettings } from '../web-search/backend.js';
import type { ServerCatalogue } from './service.js';

/**
 * GET /api/config/models.php: the visible catalogue, each model marked when the demo provider answers
 * it and (text rows) whether it offers web search, and the favourites a first visit starts with (operators may choose them).
 */
export const catalogueRoutes: FastifyPluginAsync<{ catalogue: ServerCatalogue; webSearch: WebSearchSettings }> = async (
  app,
  { catalogue, webSearch },
) => {
  app.get(CONFIG_PATHS.models, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    const list = await catalogue.list();
    // Each text row says whether it offers web search (issue 38), so the chat shows the switch only where it works.
    const text_models = list.text_models.map((m) => ({
      ...m,
      web_search: searchBackendFor({ demo: m.demo ?? false, provider: m.provider }, m, webSearch) !== null,
    }));
    return { status: 'success', ...list, text_models, default_favourites: catalogue.defaultFavourites() };
  });
};
