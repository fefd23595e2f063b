import { AUTH_PATHS, AppError, text } from '@ensemble/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { pictureObjectKey } from './google-picture.js';

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** Serves copied Google profile pictures from our own origin (the CSP allows no other). */
export const pictureRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Names are 128 random bits, so the URL is the capability, as for stored images.
  app.get(`${AUTH_PATHS.picture}/:file`, { schema: { params: z.object({ file: text().max(100) }) } }, async (request, reply) => {
    const key = pictureObjectKey(request.params.file);
    const file = key ? await ctx.storage.open(key) : null;
    if (!file) throw new AppError('not_found', 'Picture not found');
    return reply
      .header('Content-Type', TYPES[request.params.file.split('.').pop() as string] as string)
      .header('Content-Length', file.size)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .send(file.body);
  });
};
