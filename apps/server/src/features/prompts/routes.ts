import {
  AppError,
  PROMPT_PATHS,
  addSharedPromptRequestSchema,
  createPromptRequestSchema,
  importPromptsResponseSchema,
  listPromptsResponseSchema,
  okSchema,
  promptIdRequestSchema,
  promptResponseSchema,
  promptsFileSchema,
  sharedPromptQuerySchema,
  sharedPromptResponseSchema,
  updatePromptRequestSchema,
} from '@ensemble/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/connection.js';
import {
  addSharedPrompt,
  createPrompt,
  deletePrompt,
  exportPrompts,
  importPrompts,
  listPrompts,
  sharePrompt,
  unsharePrompt,
  updatePrompt,
  viewSharedPrompt,
} from './service.js';

/** The signed-in account: a library is an account's (guests get the starter prompts, which the app ships). */
async function accountOf(request: FastifyRequest): Promise<number> {
  const who = await request.existingIdentity();
  if (!who) throw new AppError('unauthorized', 'Sign in to use your prompt library.');
  if (who.kind !== 'user') throw new AppError('forbidden', 'Sign up to save prompts of your own.');
  return who.userId;
}

/** The prompt library (issue 42): an account's saved prompts, import and export, and share links. */
export const promptRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(PROMPT_PATHS.list, { schema: { response: { 200: listPromptsResponseSchema } } }, async (request, reply) => {
    const userId = await accountOf(request);
    reply.header('Cache-Control', 'no-store');
    return { status: 'success' as const, prompts: await listPrompts(db, userId) };
  });

  app.post(
    PROMPT_PATHS.create,
    { schema: { body: createPromptRequestSchema, response: { 200: promptResponseSchema } } },
    async (request) => ({ status: 'success' as const, prompt: await createPrompt(db, await accountOf(request), request.body) }),
  );

  app.post(
    PROMPT_PATHS.update,
    { schema: { body: updatePromptRequestSchema, response: { 200: promptResponseSchema } } },
    async (request) => ({ status: 'success' as const, prompt: await updatePrompt(db, await accountOf(request), request.body) }),
  );

  app.post(PROMPT_PATHS.remove, { schema: { body: promptIdRequestSchema, response: { 200: okSchema } } }, async (request) => {
    await deletePrompt(db, await accountOf(request), request.body.id);
    return { status: 'success' as const, message: 'Prompt deleted' };
  });

  app.post(
    PROMPT_PATHS.import,
    { schema: { body: promptsFileSchema, response: { 200: importPromptsResponseSchema } } },
    async (request) => ({ status: 'success' as const, ...(await importPrompts(db, await accountOf(request), request.body)) }),
  );

  app.get(PROMPT_PATHS.export, async (request, reply) => {
    const file = await exportPrompts(db, await accountOf(request));
    return reply
      .header('Content-Disposition', 'attachment; filename="ensemble-prompts.json"')
      .header('Cache-Control', 'no-store')
      .send(file);
  });

  app.post(PROMPT_PATHS.share, { schema: { body: promptIdRequestSchema, response: { 200: promptResponseSchema } } }, async (request) => ({
    status: 'success' as const,
    prompt: await sharePrompt(db, await accountOf(request), request.body.id),
  }));

  app.post(PROMPT_PATHS.unshare, { schema: { body: promptIdRequestSchema, response: { 200: promptResponseSchema } } }, async (request) => ({
    status: 'success' as const,
    prompt: await unsharePrompt(db, await accountOf(request), request.body.id),
  }));

  // Anyone with the link may read it, signed in or not (the token is the capability).
  app.get(
    PROMPT_PATHS.shared,
    { schema: { querystring: sharedPromptQuerySchema, response: { 200: sharedPromptResponseSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex, nofollow');
      return { status: 'success' as const, prompt: await viewSharedPrompt(db, request.query.token) };
    },
  );

  app.post(
    PROMPT_PATHS.addShared,
    { schema: { body: addSharedPromptRequestSchema, response: { 200: promptResponseSchema } } },
    async (request) => ({ status: 'success' as const, prompt: await addSharedPrompt(db, await accountOf(request), request.body.token) }),
  );
};
