import fastifyCors from '@fastify/cors';
import { AppError, type ModelEntry, V1_PATHS, modelCost } from '@ensemble/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { createRateLimiter } from '../../plugins/rate-limit.js';
import type { ServerCatalogue } from '../catalogue/service.js';
import { inChatSlot, refuseWhenFull } from '../chat/chat-slot.js';
import { startChat } from '../chat/service.js';
import type { ChatStreams } from '../chat/streams.js';
import type { Identity } from '../session/service.js';
import { apiImageKey, startApiImageSweep, storeApiImage, validImageSignature } from './api-images.js';
import { chatCompletionRequestSchema } from './chat-completion-request.js';
import { completionObject, relayCompletion, startCompletion } from './chat-completions.js';
import { acceptedSizes, imageAspectRatio, imageGenerationRequestSchema } from './image-generations.js';
import { authenticateApiKey } from './keys-service.js';
import { OpenAIError, modelNotFound, sendOpenAIError } from './openai-errors.js';

/** A body for chat completions may carry images as data: URLs (up to five of 10 MB, base64). */
const COMPLETION_BODY_LIMIT = 72 * 1024 * 1024;

const callers = new WeakMap<FastifyRequest, Identity & { kind: 'user' }>();

/** The key's owner, as the chat knows callers (the key is named, so it pays and is counted too). */
function callerOf(request: FastifyRequest): Identity & { kind: 'user' } {
  const who = callers.get(request);
  if (!who) throw new AppError('unauthorized', 'Missing API key');
  return who;
}

/**
 * The OpenAI-compatible developer API (issue 39): `Authorization: Bearer ens_…`, no cookies, any origin (CORS).
 * Every error is in OpenAI's shape. Each key has a rate limit shared by every instance.
 */
export const v1Routes: FastifyPluginAsyncZod<{ ctx: AppContext; catalogue: ServerCatalogue; streams: ChatStreams }> = async (
  app,
  { ctx, catalogue, streams },
) => {
  app.setErrorHandler((error, request, reply) => sendOpenAIError(error, request, reply));
  // A key, not a cookie, authorises here: any page may call with its user's key.
  await app.register(fastifyCors, {
    origin: '*',
    methods: ['GET', 'POST'],
    exposedHeaders: ['Retry-After', 'X-Request-Id', 'X-Ensemble-Credits-Charged', 'X-Ensemble-Credits-Remaining'],
    maxAge: 600,
  });
  const limiter = createRateLimiter(ctx);
  const perMinute = ctx.config.API_RATE_LIMIT_PER_MINUTE;
  const stopSweep = startApiImageSweep(ctx, app.log);
  app.addHook('onClose', stopSweep);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    // Preflights carry no key; a signed image URL is its own authorisation.
    if (request.method === 'OPTIONS' || request.routeOptions.url === `${V1_PATHS.imageFile}/:id`) return;
    const { keyId, userId } = await authenticateApiKey(ctx.db, request.headers.authorization);
    const hit = await limiter.hit(`apikey:${keyId}`, perMinute, 60_000);
    if (!hit.allowed) {
      const seconds = Math.max(1, Math.ceil(hit.retryAfterMs / 1000));
      reply.header('Retry-After', String(seconds));
      throw new OpenAIError(
        429,
        'requests',
        'rate_limit_exceeded',
        `Rate limit reached: this key may make ${perMinute} requests a minute. Try again in ${seconds} s.`,
      );
    }
    callers.set(request, { kind: 'user', userId, guestId: null, sessionHash: `apikey:${keyId}`, apiKeyId: keyId });
  });

  const modelObject = (m: ModelEntry, created: number) => ({
    id: m.id,
    object: 'model' as const,
    created,
    owned_by: m.provider,
    // Ours, beside OpenAI's fields: what a call costs and what the row is.
    name: m.name,
    type: m.type,
    credits: modelCost(m),
    ...(m.type === 'image' ? { sizes: [...acceptedSizes(m).keys()] } : { input: m.input ?? ['text'] }),
    ...(m.demo ? { demo: true } : {}),
  });

  app.get(V1_PATHS.models, async () => {
    await catalogue.refresh();
    const { text_models, image_models } = await catalogue.list();
    const created = Math.floor(Date.now() / 1000);
    return { object: 'list' as const, data: [...text_models, ...image_models].map((m) => modelObject(m, created)) };
  });

  app.get(`${V1_PATHS.models}/:model`, { schema: { params: z.object({ model: z.string().max(200) }) } }, async (request) => {
    await catalogue.refresh();
    const { text_models, image_models } = await catalogue.list();
    const model = [...text_models, ...image_models].find((m) => m.id === request.params.model);
    if (!model) throw modelNotFound(request.params.model);
    return modelObject(model, Math.floor(Date.now() / 1000));
  });

  app.post(
    V1_PATHS.chatCompletions,
    {
      schema: { body: chatCompletionRequestSchema },
      bodyLimit: COMPLETION_BODY_LIMIT,
      onRequest: async (_request, reply) => refuseWhenFull(streams, reply),
    },
    async (request, reply) => {
      const who = callerOf(request);
      const deps = { ctx, catalogue, streams, log: request.log };
      const started = await inChatSlot(streams, request, reply, async () => {
        const s = await startCompletion(deps, who, request.body);
        return Object.assign(s, { data: s.answer.data });
      });
      if (request.body.stream) return relayCompletion(deps, request, reply, started, request.body.stream_options?.include_usage === true);
      reply.header('X-Ensemble-Credits-Remaining', String(started.answer.credits_remaining));
      const charged = (started.answer.data.metadata as { credits?: number } | undefined)?.credits;
      if (charged !== undefined) reply.header('X-Ensemble-Credits-Charged', String(charged));
      return completionObject(started.model, started.answer, started.maxOutputTokens);
    },
  );

  app.post(
    V1_PATHS.imageGenerations,
    { schema: { body: imageGenerationRequestSchema }, onRequest: async (_request, reply) => refuseWhenFull(streams, reply) },
    async (request, reply) => {
      const who = callerOf(request);
      const body = request.body;
      await catalogue.refresh();
      const model = catalogue.find(body.model);
      if (model?.type !== 'image') throw modelNotFound(body.model);
      const aspectRatio = imageAspectRatio(body, model);
      let made: Awaited<ReturnType<typeof storeApiImage>> | undefined;
      const deps = { ctx, catalogue, streams, log: request.log };
      const answer = await inChatSlot(streams, request, reply, () =>
        startChat(deps, Promise.resolve(who), {
          model: model.id,
          messages: [{ role: 'user', content: body.prompt }],
          api: {
            turns: [{ role: 'user', content: body.prompt }],
            params: { temperature: null, maxOutputTokens: null },
            images: 0,
            aspectRatio,
            storeImage: async (image) => {
              made = await storeApiImage(ctx, { userId: who.userId, keyId: who.apiKeyId as number }, image);
              return made;
            },
          },
        }),
      );
      if (!made) throw new AppError('bad_gateway', 'Failed to generate image');
      reply.header('X-Ensemble-Credits-Remaining', String(answer.credits_remaining));
      const item = body.response_format === 'url' ? { url: made.url } : { b64_json: Buffer.from(made.bytes).toString('base64') };
      return {
        created: Math.floor(Date.now() / 1000),
        data: [{ ...item, revised_prompt: body.prompt }],
        size: `${made.width}x${made.height}`,
        output_format: made.mediaType.replace('image/', ''),
      };
    },
  );

  app.get(
    `${V1_PATHS.imageFile}/:id`,
    {
      schema: {
        params: z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) }),
        querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!validImageSignature(ctx, id, request.query.expires, request.query.signature))
        throw new OpenAIError(403, 'invalid_request_error', 'invalid_signature', 'This image link is invalid or has expired.');
      const row = await ctx.db.kysely.selectFrom('api_images').selectAll().where('id', '=', id).executeTakeFirst();
      const file = row && Date.parse(row.expires_at) > Date.now() ? await ctx.storage.open(apiImageKey(row.file_name)) : null;
      if (!row || !file) throw new OpenAIError(404, 'invalid_request_error', 'not_found', 'This image is no longer kept.');
      return reply
        .header('Content-Type', row.media_type)
        .header('Content-Length', file.size)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=3600')
        .send(file.body);
    },
  );
};
