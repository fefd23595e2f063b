import { randomBytes } from 'node:crypto';
import {
  AppError,
  type ChatData,
  type ChatRequest,
  type ChatResponse,
  DEFAULT_THREAD_TITLE,
  MESSAGES,
  type ModelEntry,
  clampTitle,
  imagePromptTitle,
  imageFileUrl,
  modelCost,
} from '@ensemble/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app.js';
import { now } from '../../db/connection.js';
import type { ResolvedModel } from '../../providers/registry.js';
import { ProviderError, randomImageSeed } from '../../providers/types.js';
import type { ServerCatalogue } from '../catalogue/service.js';
import { type Balance, charge, creditsInfo, exhaustedText, getBalance, insufficientText, refund } from '../credits/service.js';
import { attachImageToMessage, storeImage } from '../images/storage.js';
import { insertMessage } from '../messages/store.js';
import { assertUserIdClaim } from '../session/ownership.js';
import type { Identity } from '../session/service.js';
import { type ThreadRow, loadOwnedThread } from '../threads/access.js';
import { latestPrompt, requestTurns, requestedAspectRatio, threadHistory } from './conversation.js';
import { failureText, runTextJob } from './generation.js';
import type { StreamHub } from './stream-hub.js';

type ParsedChat = {
  thread_id?: number | null;
  user_id?: number | null;
  model: string;
  stream?: boolean;
  is_comparison?: boolean;
  messages: ChatRequest['messages'];
};

export interface ChatDeps {
  ctx: AppContext;
  catalogue: ServerCatalogue;
  hub: StreamHub;
  log: FastifyBaseLogger;
}

/** The owner key a stream is bound to. */
export const ownerKey = (who: Identity) => (who.kind === 'user' ? `user:${who.userId}` : `guest:${who.guestId}`);

/**
 * chat.php: checks the model, the thread and the balance, charges atomically, saves the user
 * message, then answers an image or a whole text at once, or starts a server-side stream.
 */
export async function startChat(deps: ChatDeps, who: Identity, body: ParsedChat): Promise<ChatResponse> {
  const { ctx, catalogue, hub } = deps;
  const db = ctx.db;
  assertUserIdClaim(who, body.user_id);
  const model = catalogue.find(body.model);
  const resolved = model ? catalogue.resolve(model) : null;
  if (!model || !resolved) throw new AppError('bad_request', MESSAGES.modelNotFound);
  const prompt = latestPrompt(body.messages);
  if (!prompt) throw new AppError('bad_request', 'Invalid request: messages must end with a non-empty user message');

  const thread = body.thread_id ? await loadOwnedThread(db.kysely, who, body.thread_id) : null;
  const cost = modelCost(model);
  const streamId = randomBytes(16).toString('hex');
  const charged = await charge(db, who, cost, model.type === 'image' ? 'image' : 'chat', model.id, `chat:${streamId}`);
  if (!charged) throw await creditsError(ctx, who, cost);

  const aspectRatio = requestedAspectRatio(prompt);
  const isFirst = thread ? thread.message_count === 0 : false;
  let userMessageId: number | null = null;
  let newTitle: string | undefined;
  if (thread) {
    const metadata = model.type === 'image' ? { aspectRatio, prompt: prompt.content } : null;
    userMessageId = await insertMessage(db.kysely, {
      threadId: thread.id,
      role: 'user',
      type: 'text',
      content: prompt.content,
      model: model.id,
      metadata,
    });
    newTitle = isFirst ? await titleFromFirstMessage(ctx, thread, model, prompt.content) : undefined;
  }

  const base = { model, thread, userMessageId, newTitle, isFirst };
  if (model.type === 'image') return generateImageReply(deps, who, { ...base, resolved }, prompt.content, aspectRatio, streamId, cost);

  const turns = thread ? await threadHistory(db.kysely, thread.id) : requestTurns(body.messages);
  const messageId = thread
    ? await insertMessage(db.kysely, {
        threadId: thread.id,
        role: 'assistant',
        type: 'text',
        content: '',
        model: model.id,
        metadata: { demo: resolved.adapter.demo, stream_id: streamId },
        status: 'streaming',
      })
    : null;
  await hub.create({ id: streamId, ownerKey: ownerKey(who), model: model.id, messageId });
  const job = runTextJob(ctx, hub, { streamId, who, model, resolved, turns, messageId, threadId: thread?.id ?? null, cost, log: deps.log });

  if (body.stream && model.stream) {
    job.catch((error) => deps.log.error({ err: error, streamId }, 'stream job failed'));
    return answer(charged, {
      ...base,
      messageId,
      content: '',
      type: 'text',
      status: 'streaming',
      streamId,
      metadata: { demo: resolved.adapter.demo },
    });
  }
  // Not streamed: wait for the whole reply and answer once.
  const { content, error } = await job;
  if (!content) throw new AppError('bad_gateway', error ?? MESSAGES.generateFailed);
  const balance = await getBalance(db.kysely, who);
  return answer(balance, { ...base, messageId, content, type: 'text', status: 'success', metadata: { demo: resolved.adapter.demo } });
}

interface ReplyBase {
  model: ModelEntry;
  thread: ThreadRow | null;
  userMessageId: number | null;
  newTitle?: string;
  isFirst: boolean;
}

async function generateImageReply(
  deps: ChatDeps,
  who: Identity,
  base: ReplyBase & { resolved: ResolvedModel },
  prompt: string,
  aspectRatio: ReturnType<typeof requestedAspectRatio>,
  streamId: string,
  cost: number,
): Promise<ChatResponse> {
  const { ctx } = deps;
  const { resolved } = base;
  let stored: Awaited<ReturnType<typeof storeImage>>;
  try {
    const image = await resolved.adapter.generateImage({
      model: base.model,
      providerModelId: resolved.providerModelId,
      prompt,
      aspectRatio,
      signal: new AbortController().signal,
      // Each generation (a Regenerate, a studio job) is a new picture and is charged as one.
      seed: randomImageSeed(),
    });
    stored = await storeImage(ctx, {
      owner: who,
      bytes: image.bytes,
      mediaType: image.mediaType,
      prompt,
      model: base.model.id,
      aspectRatio,
      messageId: null,
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) deps.log.error({ err: error }, 'image generation failed');
    await refund(ctx.db, who, cost, base.model.id, `chat:${streamId}`);
    throw new AppError('bad_gateway', failureText(error, MESSAGES.imageFailed));
  }
  const url = imageFileUrl(stored.id);
  const metadata = { aspectRatio, prompt, demo: resolved.adapter.demo, width: stored.width, height: stored.height, image_id: stored.id };
  let messageId: number | null = null;
  if (base.thread) {
    messageId = await insertMessage(ctx.db.kysely, {
      threadId: base.thread.id,
      role: 'assistant',
      type: 'image',
      content: url,
      model: base.model.id,
      metadata,
    });
    await attachImageToMessage(ctx.db.kysely, stored.id, messageId);
  }
  const balance = await getBalance(ctx.db.kysely, who);
  const res = answer(balance, { ...base, messageId, content: url, type: 'image', status: 'success', metadata });
  return { ...res, image: { url }, url };
}

function answer(
  balance: Balance,
  r: ReplyBase & {
    messageId: number | null;
    content: string;
    type: 'text' | 'image';
    status: ChatData['status'];
    streamId?: string;
    metadata: ChatData['metadata'];
  },
): ChatResponse {
  const info = creditsInfo(balance);
  const data: ChatData = {
    id: r.messageId,
    type: r.type,
    role: 'assistant',
    content: r.content,
    model: r.model.id,
    threadId: r.thread?.id ?? null,
    timestamp: now(),
    status: r.status,
    message_id: r.messageId,
    user_message_id: r.userMessageId,
    ...(r.streamId ? { stream_id: r.streamId } : {}),
    credits_info: info,
    credits_remaining: info.remaining,
    credits_used: info.credits_used,
    metadata: r.metadata,
    ...(r.newTitle ? { thread_update: { new_title: r.newTitle } } : {}),
  };
  return {
    status: 'success',
    data,
    credits_info: info,
    credits_remaining: info.remaining,
    credits_used: info.credits_used,
    ...(r.isFirst ? { is_first_message: true } : {}),
  };
}

/** The 402 answer: the exhausted text at zero, else the pre-check text with the numbers. */
async function creditsError(ctx: AppContext, who: Identity, cost: number): Promise<AppError> {
  const balance = await getBalance(ctx.db.kysely, who);
  const message = balance.remaining <= 0 ? exhaustedText(who.kind) : insufficientText(who.kind, cost, balance.remaining);
  return new AppError('credits_exhausted', message, { credits_info: { ...creditsInfo(balance), status: 'credits_exhausted' } });
}

/** Titles a thread from its first message unless the user already renamed it. */
async function titleFromFirstMessage(ctx: AppContext, thread: ThreadRow, model: ModelEntry, content: string): Promise<string | undefined> {
  if (thread.title !== DEFAULT_THREAD_TITLE) return undefined;
  const title = model.type === 'image' ? imagePromptTitle(content) : clampTitle(content.replace(/\s+/g, ' '));
  await ctx.db.kysely
    .updateTable('threads')
    .set({ title, updated_at: now() })
    .where('id', '=', thread.id)
    .where('title', '=', DEFAULT_THREAD_TITLE)
    .execute();
  return title;
}
