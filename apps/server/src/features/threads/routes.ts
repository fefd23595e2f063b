import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PREFERENCE_PATHS,
  THREAD_PATHS,
  systemPromptRequestSchema,
  systemPromptResponseSchema,
  threadSettingsQuerySchema,
  threadSettingsResponseSchema,
  updateThreadSettingsRequestSchema,
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
import { threadAssistants } from '../assistants/thread-assistant.js';
import { createThread, deleteThread, listThreads, renameThread, toThreadView } from './service.js';
import { readDefaultSystemPrompt, toThreadSettings, updateThreadSettings, writeDefaultSystemPrompt } from './settings.js';

/** The thread calls of core.md section 7: create, list, delete, update, rename. */
export const threadRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    THREAD_PATHS.create,
    { schema: { body: createThreadRequestSchema, response: { 200: createThreadResponseSchema } } },
    async (request) => {
      const who = await request.identity();
      assertUserIdClaim(who, request.body.user_id);
      const { title, force, system_prompt } = request.body;
      const { thread, reused } = await createThread(db.kysely, who, { title, force, systemPrompt: system_prompt });
      const assistants = await threadAssistants(db.kysely, [thread]);
      return { status: 'success' as const, thread_id: thread.id, thread: toThreadView(thread, assistants), reused };
    },
  );

  app.get(
    THREAD_PATHS.list,
    { schema: { querystring: listThreadsQuerySchema, response: { 200: listThreadsResponseSchema } } },
    async (request, reply) => {
      const who = await request.identity();
      assertUserIdClaim(who, request.query.user_id);
      reply.header('Cache-Control', 'no-store');
      const { page, limit, folder } = request.query;
      const { threads, hasMore } = await listThreads(db.kysely, who, page, limit, folder);
      const assistants = await threadAssistants(db.kysely, threads);
      return { status: 'success' as const, threads: threads.map((t) => toThreadView(t, assistants)), has_more: hasMore };
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
      return {
        status: 'success' as const,
        success: true as const,
        thread: toThreadView(thread, await threadAssistants(db.kysely, [thread])),
      };
    },
  );

  app.post(
    THREAD_PATHS.updateTitle,
    { schema: { body: updateThreadTitleRequestSchema, response: { 200: threadResponseSchema } } },
    async (request) => {
      const who = await request.identity();
      assertUserIdClaim(who, request.body.user_id);
      const thread = await renameThread(db.kysely, who, request.body.thread_id, request.body.title);
      return {
        status: 'success' as const,
        success: true as const,
        thread: toThreadView(thread, await threadAssistants(db.kysely, [thread])),
      };
    },
  );

  app.get(
    THREAD_PATHS.settings,
    { schema: { querystring: threadSettingsQuerySchema, response: { 200: threadSettingsResponseSchema } } },
    async (request, reply) => {
      const who = await request.identity();
      assertUserIdClaim(who, request.query.user_id);
      reply.header('Cache-Control', 'no-store');
      const thread = await loadOwnedThread(db.kysely, who, request.query.thread_id);
      return { status: 'success' as const, thread_id: thread.id, settings: toThreadSettings(thread) };
    },
  );

  app.post(
    THREAD_PATHS.settings,
    { schema: { body: updateThreadSettingsRequestSchema, response: { 200: threadSettingsResponseSchema } } },
    async (request) => {
      const who = await request.identity();
      const { thread_id, user_id, ...changes } = request.body;
      assertUserIdClaim(who, user_id);
      const settings = await updateThreadSettings(db.kysely, who, thread_id, changes);
      return { status: 'success' as const, thread_id, settings };
    },
  );

  app.get(PREFERENCE_PATHS.systemPrompt, { schema: { response: { 200: systemPromptResponseSchema } } }, async (request, reply) => {
    const who = await request.identity();
    reply.header('Cache-Control', 'no-store');
    return { status: 'success' as const, system_prompt: await readDefaultSystemPrompt(db.kysely, who) };
  });

  app.post(
    PREFERENCE_PATHS.systemPrompt,
    { schema: { body: systemPromptRequestSchema, response: { 200: systemPromptResponseSchema } } },
    async (request) => {
      const who = await request.identity();
      return { status: 'success' as const, system_prompt: await writeDefaultSystemPrompt(db.kysely, who, request.body.system_prompt) };
    },
  );
};
