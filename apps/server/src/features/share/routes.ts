import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppError,
  SHARE_PATHS,
  continueShareRequestSchema,
  continueShareResponseSchema,
  createShareRequestSchema,
  listShareLinksResponseSchema,
  okSchema,
  revokeShareRequestSchema,
  shareLinkResponseSchema,
  shareTokenQuerySchema,
  sharedThreadResponseSchema,
} from '@ensemble/shared';
import type { AppContext } from '../../app-context.js';
import { createRateLimiter, refuseTooMany } from '../../plugins/rate-limit.js';
import { continueSharedThread, createShareLink, listShareLinks, readSharedThread, revokeShareLink } from './service.js';

const HOUR_MS = 3600 * 1000;
/** Each "Continue" writes a thread (and copies images) for the caller. */
const CONTINUES_PER_HOUR = 30;
/** Shown on every answer about a shared snapshot: it is not for search engines, never cached. */
export const NOINDEX = 'noindex, nofollow, noarchive';

/** Share links (issue 15): create, list and revoke (owner), read and continue (anyone with the token). */
export const shareRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.db.kysely;
  const limiter = createRateLimiter(ctx);

  app.post(
    SHARE_PATHS.create,
    { schema: { body: createShareRequestSchema, response: { 200: shareLinkResponseSchema } } },
    async (request) => {
      const who = await request.existingIdentity();
      if (who?.kind !== 'user') throw new AppError('unauthorized', 'Sign in to share a conversation');
      return { status: 'success' as const, link: await createShareLink(db, who, request.body.thread_id) };
    },
  );

  app.get(SHARE_PATHS.list, { schema: { response: { 200: listShareLinksResponseSchema } } }, async (request, reply) => {
    const who = await request.existingIdentity();
    reply.header('Cache-Control', 'no-store');
    return { status: 'success' as const, links: who ? await listShareLinks(db, who) : [] };
  });

  app.post(SHARE_PATHS.revoke, { schema: { body: revokeShareRequestSchema, response: { 200: okSchema } } }, async (request) => {
    const who = await request.existingIdentity();
    if (!who) throw new AppError('not_found', 'Share link not found');
    await revokeShareLink(db, who, request.body.token);
    return { status: 'success' as const, message: 'Link revoked' };
  });

  // Public: no session is needed or made. Never cached, so a revoke takes effect at once.
  app.get(
    SHARE_PATHS.view,
    { schema: { querystring: shareTokenQuerySchema, response: { 200: sharedThreadResponseSchema } } },
    async (request, reply) => {
      // Also on the 404 of a revoked link.
      reply.header('X-Robots-Tag', NOINDEX).header('Cache-Control', 'no-store');
      return { status: 'success' as const, ...(await readSharedThread(db, request.query.token)) };
    },
  );

  app.post(
    SHARE_PATHS.continue,
    { schema: { body: continueShareRequestSchema, response: { 200: continueShareResponseSchema } } },
    async (request, reply) => {
      const who = await request.identity();
      const owner = who.kind === 'user' ? `user:${who.userId}` : `guest:${who.guestId}`;
      const gate = await limiter.hit(`share-continue:${owner}`, CONTINUES_PER_HOUR, HOUR_MS);
      if (!gate.allowed) refuseTooMany(reply, gate.retryAfterMs);
      return { status: 'success' as const, thread_id: await continueSharedThread(ctx, who, request.body.token) };
    },
  );
};
