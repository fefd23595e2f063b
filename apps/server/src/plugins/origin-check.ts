import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@ensemble/shared';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing API calls whose Origin is not ours (on top of SameSite cookies).
 * Ours is PUBLIC_ORIGIN or the origin the request itself was addressed to (same-origin).
 */
export const originCheckPlugin = fp(async (app: FastifyInstance, opts: { origin: string; exempt: string[] }) => {
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    if (opts.exempt.some((p) => request.url.startsWith(p))) return;
    const origin = request.headers.origin;
    if (!origin) return; // non-browser clients; browsers always send Origin on cross-origin writes
    const self = `${request.protocol}://${request.headers.host ?? ''}`;
    if (origin === opts.origin || origin === self) return;
    throw new AppError('forbidden', 'Cross-origin request refused');
  });
});
