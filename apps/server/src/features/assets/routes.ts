import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { AppError, ICON_FAMILIES } from '@ensemble/shared';

const icons = new Map<string, Buffer>(
  ICON_FAMILIES.map((name) => [`${name}.svg`, readFileSync(new URL(`./icons/${name}.svg`, import.meta.url))]),
);

/** GET /api/assets/icons/{family}.svg: one SVG per provider family, drawn by us. */
export const assetRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { name: string } }>('/api/assets/icons/:name', async (request, reply) => {
    const svg = icons.get(request.params.name);
    if (!svg) throw new AppError('not_found', 'Icon not found');
    return reply
      .type('image/svg+xml')
      .header('Cache-Control', 'public, max-age=86400')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });
};
