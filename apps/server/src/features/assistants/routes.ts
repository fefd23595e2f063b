import {
  ASSISTANT_PATHS,
  AppError,
  type AssistantResponse,
  type DeleteAssistantResponse,
  type ListAssistantsResponse,
  MESSAGES,
  type ShareAssistantResponse,
  assistantIdQuerySchema,
  assistantIdRequestSchema,
  assistantTokenQuerySchema,
  assistantTokenRequestSchema,
  createAssistantRequestSchema,
  updateAssistantRequestSchema,
} from '@ensemble/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Identity } from '../session/service.js';
import { accountOf } from './access.js';
import { createAssistant, deleteAssistant, duplicateAssistant, getAssistant, listAssistants, updateAssistant } from './service.js';
import { addShared, shareAssistant, unshareAssistant, viewShared } from './sharing.js';

const iconParamsSchema = z.object({ key: z.string().regex(/^[0-9a-f]{32}$/, 'must be an icon key') });

/** The caller, guests included; 401 without a session (none is started here). */
function signedIn(who: Identity | null): Identity {
  if (!who) throw new AppError('unauthorized', 'Sign in to use assistants.');
  return who;
}

/**
 * Saved assistants (issue 40): an account's own (create, update, duplicate, delete, share), the featured ones anyone
 * signed in may use (guests included), and the read-only copy a share link shows. Another account's assistant is
 * answered like a missing one (404) unless it is featured or reached by its share token.
 */
export const assistantRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(ASSISTANT_PATHS.list, async (request, reply): Promise<ListAssistantsResponse> => {
    const who = signedIn(await request.existingIdentity());
    reply.header('Cache-Control', 'no-store');
    return { status: 'success', ...(await listAssistants(ctx, who)) };
  });

  app.get(ASSISTANT_PATHS.get, { schema: { querystring: assistantIdQuerySchema } }, async (request, reply): Promise<AssistantResponse> => {
    const who = signedIn(await request.existingIdentity());
    reply.header('Cache-Control', 'no-store');
    return { status: 'success', assistant: await getAssistant(ctx, who, request.query.id) };
  });

  app.post(ASSISTANT_PATHS.create, { schema: { body: createAssistantRequestSchema } }, async (request): Promise<AssistantResponse> => {
    const userId = accountOf(await request.existingIdentity(), MESSAGES.assistantSignUp);
    return { status: 'success', assistant: await createAssistant(ctx, userId, request.body) };
  });

  app.post(ASSISTANT_PATHS.update, { schema: { body: updateAssistantRequestSchema } }, async (request): Promise<AssistantResponse> => {
    const userId = accountOf(await request.existingIdentity(), MESSAGES.assistantSignUp);
    return { status: 'success', assistant: await updateAssistant(ctx, userId, request.body) };
  });

  app.post(ASSISTANT_PATHS.duplicate, { schema: { body: assistantIdRequestSchema } }, async (request): Promise<AssistantResponse> => {
    const who = await request.existingIdentity();
    const userId = accountOf(who, MESSAGES.assistantSignUp);
    return { status: 'success', assistant: await duplicateAssistant(ctx, who as Identity, userId, request.body.id) };
  });

  app.post(ASSISTANT_PATHS.remove, { schema: { body: assistantIdRequestSchema } }, async (request): Promise<DeleteAssistantResponse> => {
    const userId = accountOf(await request.existingIdentity(), MESSAGES.assistantSignUp);
    await deleteAssistant(ctx, userId, request.body.id);
    return { status: 'success', deleted: true };
  });

  app.post(ASSISTANT_PATHS.share, { schema: { body: assistantIdRequestSchema } }, async (request): Promise<ShareAssistantResponse> => {
    const userId = accountOf(await request.existingIdentity(), MESSAGES.assistantSignUp);
    return { status: 'success', ...(await shareAssistant(ctx, userId, request.body.id)) };
  });

  app.post(ASSISTANT_PATHS.unshare, { schema: { body: assistantIdRequestSchema } }, async (request): Promise<AssistantResponse> => {
    const userId = accountOf(await request.existingIdentity(), MESSAGES.assistantSignUp);
    return { status: 'success', assistant: await unshareAssistant(ctx, userId, request.body.id) };
  });

  app.get(
    ASSISTANT_PATHS.shared,
    { schema: { querystring: assistantTokenQuerySchema } },
    async (request, reply): Promise<AssistantResponse> => {
      const who = signedIn(await request.existingIdentity());
      reply.header('Cache-Control', 'no-store');
      return { status: 'success', assistant: await viewShared(ctx, who, request.query.token) };
    },
  );

  app.post(ASSISTANT_PATHS.addShared, { schema: { body: assistantTokenRequestSchema } }, async (request): Promise<AssistantResponse> => {
    const userId = accountOf(await request.existingIdentity(), MESSAGES.assistantSignUpToAdd);
    return { status: 'success', assistant: await addShared(ctx, userId, request.body.token) };
  });

  // The key is the capability (128 random bits, new with every icon), so the picture may be kept for good.
  app.get(`${ASSISTANT_PATHS.icon}/:key`, { schema: { params: iconParamsSchema } }, async (request, reply) => {
    const row = await ctx.db.kysely.selectFrom('assistants').select('icon').where('icon_key', '=', request.params.key).executeTakeFirst();
    if (!row?.icon) throw new AppError('not_found', 'Icon not found');
    reply.header('Content-Type', 'image/webp');
    reply.header('Cache-Control', 'private, max-age=31536000, immutable');
    reply.header('X-Content-Type-Options', 'nosniff');
    return reply.send(Buffer.from(row.icon));
  });
};
