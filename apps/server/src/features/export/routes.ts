import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, EXPORT_FORMAT_VERSION, EXPORT_PATHS, exportThreadQuerySchema } from '@ensemble/shared';
import type { AppContext } from '../../app-context.js';
import { createRateLimiter, refuseTooMany } from '../../plugins/rate-limit.js';
import { exportAccount, exportThread, loadThreadOr404, safeFileName, threadMarkdown, zipEntries } from './service.js';

const HOUR_MS = 3600 * 1000;
/** Downloading all of an account's data reads every row and file it has: a few times an hour is plenty. */
const MY_DATA_PER_HOUR = 10;

/** Export (issue 15): one thread as Markdown or a JSON zip, and "Download my data" for an account. */
export const exportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.db.kysely;
  const limiter = createRateLimiter(ctx);

  app.get(EXPORT_PATHS.thread, { schema: { querystring: exportThreadQuerySchema } }, async (request, reply) => {
    const who = await request.existingIdentity();
    if (!who) throw new AppError('not_found', 'Thread not found');
    const thread = await loadThreadOr404(db, who, request.query.thread_id);
    const { thread: data, files } = await exportThread(db, ctx.storage, who, thread);
    const exportedAt = new Date().toISOString();
    const name = safeFileName(thread.title, 'thread');
    reply.header('Cache-Control', 'no-store').header('X-Content-Type-Options', 'nosniff');
    if (request.query.format === 'markdown') {
      return reply
        .type('text/markdown; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}.md"`)
        .send(threadMarkdown(data, ctx.config.origin, exportedAt));
    }
    const json = { format: 'ensemble.thread', version: EXPORT_FORMAT_VERSION, exported_at: exportedAt, thread: data };
    return reply
      .type('application/zip')
      .header('Content-Disposition', `attachment; filename="${name}.zip"`)
      .send(zipEntries(ctx.storage, [{ name: 'thread.json', text: `${JSON.stringify(json, null, 2)}\n` }], files));
  });

  app.get(EXPORT_PATHS.myData, async (request, reply) => {
    const who = await request.existingIdentity();
    if (who?.kind !== 'user') throw new AppError('unauthorized', 'Sign in to download your data');
    const gate = await limiter.hit(`export:user:${who.userId}`, MY_DATA_PER_HOUR, HOUR_MS);
    if (!gate.allowed) refuseTooMany(reply, gate.retryAfterMs);
    const { entries, files } = await exportAccount(db, ctx.storage, who.userId, ctx.config.origin);
    return reply
      .type('application/zip')
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="ensemble-data-${new Date().toISOString().slice(0, 10)}.zip"`)
      .send(zipEntries(ctx.storage, entries, files));
  });
};
