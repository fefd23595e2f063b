import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  THREAD_PATHS,
  createThreadRequestSchema,
  createThreadResponseSchema,
  deleteThreadQuerySchema,
  listThreadsQuerySchema,
  listThreadsResponseSchema,
  okSchema,
  threadResponseSchema,
  updateThreadRequestSchema,
  updateThreadTitleRequestSchema,
} from '@ensemble/shared';
import type { Db } from '../../db/connection.js';
import { assertUserIdClaim } from '../session/ownership.js';
import { loadOwnedThread } from './access.js';
import { createThread, deleteThread, listThreads, renameThread, toThreadView } from './service.js';

/** The thread calls of core.md section 7: create, list, delete, update, rename. */
export const threadRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    THREAD_PATHS.create,
    { schema: { body: createThreadRequestSchema, response: { 200: createThreadResponseSchema } } },
    async (request) => {
      const who = await request.identity();
      assertUserIdClaim(who, request.body.user_id);
      const { thread, reused } = await createThread(db.kysely, who, { title: request.body.title, force: request.body.force });
      return { status: 'success' as const, thread_id: thread.id, thread: toThreadView(thread), reused };
    },
  );

  app.get(
    THREAD_PATHS.list,
    { schema: { querystring: listThreadsQuerySchema, response: { 200: listThreadsResponseSchema } } },
    async (request, reply) => {
      const who = await request.identity();
      assertUserIdClaim(who, request.query.user_id);
      reply.header('Cache-Control', 'no-store');
      const { threads, hasMore } = await listThreads(db.kysely, who, request.query.page, request.query.limit);
      return { status: 'success' as const, threads: threads.map(toThreadView), has_more: hasMore };
    },
  );

  app.delete(THREAD_PATHS.remove, { schema: { querystring: deleteThreadQuerySchema, response: { 200: okSchema } } }, async (request) => {
    const who = await request.identity();
    assertUserIdClaim(who, request.query.user_id);
    await deleteThread(db.kysely, who, request.query.thread_id);
    return { status: 'success' as const, message: 'Thread deleted' };
  });

  app.post(
    THREAD_PATHS.update,
    { schema: { body: updateThreadRequestSchema, response: { 200: threadResponseSchema } } },
    async (request) => {
      const who = await request.identity();
      assertUserIdClaim(who, request.body.user_id);
      const { thread_id, title } = request.body;
      const thread =
        title !== undefined ? await renameThread(db.kysely, who, thread_id, title) : await loadOwnedThread(db.kysely, who, thread_id);
      return { status: 'success' as const, success: true as const, thread: toThreadView(thread) };
    },
  );

  app.post(
    THREAD_PATHS.updateTitle,
    { schema: { body: updateThreadTitleRequestSchema, response: { 200: threadResponseSchema } } },
    async (request) => {
      const who = await request.identity();
      assertUserIdClaim(who, request.body.user_id);
      const thread = await renameThread(db.kysely, who, request.body.thread_id, request.body.title);
      return { status: 'success' as const, success: true as const, thread: toThreadView(thread) };
    },
  );
};
