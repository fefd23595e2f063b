import { randomBytes } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import {
  AppError,
  type AspectRatio,
  type ChatData,
  type ChatRequest,
  type ChatResponse,
  MESSAGES,
  type ModelEntry,
  attachmentsCost,
  callsTools,
  modelCost,
  webSearchCost,
  type ReplyFigures,
} from '@ensemble/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { now } from '../../db/connection.js';
import { generateFirstAvailable } from '../../providers/fallback.js';
import { type ChatTurn, type GeneratedImage, ProviderError, randomImageSeed } from '../../providers/types.js';
import type { ResolvedChain, ServerCatalogue } from '../catalogue/service.js';
import { type Balance, creditsInfo, exhaustedText, getBalance, insufficientText } from '../credits/service.js';
import { attachmentsForChat, linkAttachments, withAttachments } from '../attachments/service.js';
import { type StoredImage, attachImageToMessage, storeImage } from '../images/storage.js';
import { insertMessage } from '../messages/store.js';
import { assertUserIdClaim } from '../session/ownership.js';
import { revocationKeys } from '../session/revocation.js';
import type { Identity } from '../session/service.js';
import { type ThreadRow, noThreadAccess } from '../threads/access.js';
import { abandonAdmission, admitChat, isForeignKeyViolation } from './admission.js';
import { admittedHistory, latestPrompt, requestTurns, requestedAspectRatio, threadHistory } from './conversation.js';
import { failureText, runTextJob, settleFallback } from './generation.js';
import { toolsForReply, withWebSearch } from './tool-loop.js';
import { parseServerIds } from '../threads/settings.js';
import { regenerateTarget } from './regenerate.js';
import { applyAssistantToThread } from '../assistants/thread-assistant.js';
import { countProviderError } from '../../metrics/metrics.js';
import { isDependencyOutage, retryWhileUnavailable } from '../../plugins/dependency-outage.js';
import { noteFailedReply } from '../rollups/rollups.js';
import { recordOutcome } from '../admin/provider-outcomes.js';
import { chargeReference, keepChargeIn, settleCharge } from './open-charges.js';
import { searchBackendFor } from '../web-search/backend.js';
import { webSearchSettings } from '../web-search/settings.js';
import type { ChatStreams } from './streams.js';

/** How long a delivered picture's charge is tried again while the database does not answer. */
const KEEP_RETRY_MS = 30_000;

/** How a blind arena reply ended (issue 41): what it kept, and its figures for the reveal. */
export interface BlindEnd {
  status: 'complete' | 'failed' | 'stopped';
  /** The charge's reference in the ledger: what the reply kept is its sum there. */
  reference: string;
  figures: ReplyFigures | null;
}

type ParsedChat = {
  thread_id?: number | null;
  user_id?: number | null;
  model: string;
  stream?: boolean;
  is_comparison?: boolean;
  messages: NonNullable<ChatRequest['messages']>;
  parent_id?: number;
  regenerate_id?: number;
  attachment_ids?: string[];
  web_search?: boolean;
  /** A new thread's first message may start it with an assistant (issue 40). */
  assistant_id?: number;
  /**
   * A blind arena reply (issue 41), started by the server: no thread, no fallback (the row answers or the reply
   * fails), no figures on the stream; `onEnd` is told how it ended and what it kept.
   */
  blind?: {
    onEnd(end: BlindEnd): Promise<void>;
    /** Where an image row's picture goes (kept out of the gallery until the vote). */
    storeImage?: (image: GeneratedImage) => Promise<StoredImage>;
  };
  /**
   * A developer API call (issue 39): the conversation as the caller sent it (no thread), its parameters, and how
   * many images it carries (each charged as an attachment is).
   */
  api?: {
    turns: ChatTurn[];
    params: TextParams;
    images: number;
    /** An image row's aspect ratio (from the call's size). */
    aspectRatio?: AspectRatio;
    /** Where an image row's picture goes instead of the gallery. */
    storeImage?: (image: GeneratedImage) => Promise<StoredImage>;
  };
};

/** A reply's parameters: the thread's, or a developer API call's (null: the model's default). */
export type TextParams = { temperature: number | null; maxOutputTokens: number | null; stopSequences?: string[] | null };

export interface ChatDeps {
  ctx: AppContext;
  catalogue: ServerCatalogue;
  streams: ChatStreams;
  log: FastifyBaseLogger;
}

/** The owner key a stream is bound to. */
export const ownerKey = (who: Identity) => (who.kind === 'user' ? `user:${who.userId}` : `guest:${who.guestId}`);

/** What a chat request asks for, checked before anything is charged: its model, prompt and attachments, and its cost. */
async function checkChat(deps: ChatDeps, who: Identity, body: ParsedChat) {
  const { ctx, catalogue } = deps;
  const db = ctx.db;
  assertUserIdClaim(who, body.user_id);
  // Operators' changes on any instance apply here within seconds (a disabled row is refused, a new cost charged).
  await catalogue.refresh();
  const model = catalogue.find(body.model);
  const found = model ? await catalogue.resolve(model) : null;
  // A blind reply has no fallback: another row answering would be judged under this one's name.
  const resolved = found && body.blind ? { ...found, chain: found.chain.filter((c) => c.model.id === model?.id) } : found;
  if (resolved && resolved.chain.length === 0) throw new AppError('bad_request', MESSAGES.modelNotFound);
  if (!model || !resolved) throw new AppError('bad_request', MESSAGES.modelNotFound);
  const again = body.regenerate_id && body.thread_id ? await regenerateTarget(db.kysely, who, body.thread_id, body.regenerate_id) : null;
  const latest = again || body.api ? null : latestPrompt(body.messages);
  const prompt = again ? { content: again.prompt } : body.api ? { content: lastUserText(body.api.turns) } : latest;
  if (!prompt) throw new AppError('bad_request', 'Invalid request: messages must end with a non-empty user message');

  // Attachments (issue 15): checked before any charge; each new one adds its catalogue credits once.
  const attachments = await attachmentsForChat(db.kysely, who, body.attachment_ids ?? [], model);
  // Web search (issue 38): only where the row offers it, refused before any charge otherwise; its surcharge is charged
  // with the message and kept whichever row answers, unless no search runs.
  const backend =
    body.web_search && model.type !== 'image'
      ? searchBackendFor({ demo: resolved.adapter.demo, provider: resolved.adapter.id }, model, webSearchSettings(ctx.config))
      : null;
  if (body.web_search && !backend) throw new AppError('bad_request', MESSAGES.webSearchUnavailable(model.name));
  const search = backend ? { backend, cost: webSearchCost(model) } : null;
  const keptCost = attachmentsCost(model, attachments.length + (body.api?.images ?? 0)) + (search?.cost ?? 0);
  const cost = modelCost(model) + keptCost;
  const aspectRatio = again ? again.aspectRatio : (body.api?.aspectRatio ?? requestedAspectRatio(latest ?? undefined));
  // Checked last, once the request is known to be good: the assistant's settings become the new thread's before it is
  // admitted, so its first reply follows them (issue 40).
  if (body.assistant_id !== undefined) await applyAssistantToThread(db.kysely, who, body.thread_id ?? null, body.assistant_id);
  return { model, resolved, again, prompt, attachments, keptCost, cost, aspectRatio, search };
}

/**
 * chat.php: checks the model and the prompt, then admits the request (charge, user message and
 * reply placeholder in one transaction), then answers an image or a whole text at once, or starts
 * a server-side stream. Any failure after the charge and before the reply starts refunds it.
 */
export async function startChat(
  deps: ChatDeps,
  identify: Promise<Identity>,
  body: ParsedChat,
  /** When the request arrived (before any wait for its turn to start): the reply's times count from it. */
  startedAt = performance.now(),
): Promise<ChatResponse> {
  const { ctx, streams } = deps;
  const db = ctx.db;
  const streamId = randomBytes(16).toString('hex');
  // The lease comes before the charge: a sweep on another instance never sees the charge unleased.
  // Where it is a round trip (Redis, PostgreSQL) it is taken while the caller is looked up and the
  // request checked, and a request refused before its charge gives it back. On SQLite both are
  // work on this thread, with nothing to overlap: the lease waits for the checks.
  const leasing = streams.leases.remote ? streams.hold(streamId, deps.log) : undefined;
  const checking = identify.then(async (who) => ({ who, ...(await checkChat(deps, who, body)) }));
  const [early, checked] = await Promise.all([leasing, checking]).catch(async (error: unknown) => {
    await leasing?.then(
      (held) => held.release(),
      () => undefined,
    );
    throw error;
  });
  const lease = early ?? (await streams.hold(streamId, deps.log));
  const { who, model, resolved, again, prompt, attachments, keptCost, cost, aspectRatio, search } = checked;
  const reference = chargeReference(streamId);
  const text = model.type !== 'image';
  const controller = new AbortController();
  const admitted = await admitChat(db, who, {
    threadId: body.thread_id ?? null,
    model,
    cost,
    reference,
    prompt: prompt.content,
    aspectRatio,
    placeholder: text ? { demo: resolved.adapter.demo, stream_id: streamId } : null,
    ...(again ? { regenerateParentId: again.parentId } : {}),
    ...(!again && body.parent_id !== undefined ? { parentId: body.parent_id === 0 ? null : body.parent_id } : {}),
  }).catch(async (error: unknown) => {
    await lease.release();
    throw error;
  });
  if (!admitted) throw await lease.release().then(() => creditsError(ctx, who, cost));
  const { thread, messageId } = admitted;
  const base = { model, thread, userMessageId: admitted.userMessageId, newTitle: admitted.newTitle, isFirst: admitted.isFirst };
  const promptId = admitted.userMessageId ?? again?.parentId ?? null;
  if (!text) {
    const imageBase = { ...base, resolved, promptId, startedAt };
    const image = generateImageReply(
      deps,
      who,
      imageBase,
      prompt.content,
      aspectRatio,
      reference,
      cost,
      controller.signal,
      body.api?.storeImage ?? body.blind?.storeImage,
    );
    const done = image.finally(() => lease.release());
    streams.running.track(streamId, controller, done, revocationKeys(who));
    const blind = body.blind;
    if (!blind) return done;
    // A blind picture is drawn on the server after this answer, which names its stream only; the arena hears how it
    // ended (a drain waits for it, as for any running reply).
    const ended = done.then(
      (res): BlindEnd => ({ status: 'complete', reference, figures: imageFigures(res.data?.metadata) }),
      (): BlindEnd => ({
        status: controller.signal.aborted && controller.signal.reason === 'stop' ? 'stopped' : 'failed',
        reference,
        figures: null,
      }),
    );
    void ended
      .then((end) => blind.onEnd(end))
      .catch((error) => deps.log.error({ err: error, streamId }, 'recording an arena picture failed'));
    return answer(admitted.balance, {
      ...base,
      messageId: null,
      content: '',
      type: 'image',
      status: 'streaming',
      streamId,
      metadata: { demo: resolved.adapter.demo },
    });
  }

  let job: ReturnType<typeof runTextJob>;
  let created: Promise<void> | undefined;
  try {
    if (admitted.userMessageId !== null) await linkAttachments(db.kysely, attachments, admitted.userMessageId);
    const history = body.api
      ? body.api.turns
      : thread && admitted.branch && admitted.userMessageId !== null
        ? admittedHistory(
            { id: admitted.userMessageId, content: prompt.content, hasAttachments: attachments.length > 0 },
            admitted.branch,
            thread.system_prompt,
          )
        : thread
          ? await threadHistory(db.kysely, thread.id, promptId, thread.system_prompt)
          : requestTurns(body.messages);
    const turns = await withAttachments(ctx, history, admitted.userMessageId !== null ? [] : attachments);
    const params: TextParams = body.api?.params ?? {
      temperature: thread?.temperature ?? null,
      maxOutputTokens: thread?.max_output_tokens ?? null,
    };
    // The stream's record is written while the provider's request goes out (events pushed meanwhile
    // follow it on Redis's one connection); a chat is answered only once the record is there.
    // Tools (issue 40): those of the MCP servers the thread enabled (its assistant's, or the user's), on a row that can call them.
    let tools =
      thread && !body.api && callsTools(model) ? await toolsForReply(ctx, who, parseServerIds(thread.mcp_server_ids), deps.log) : undefined;
    // With tools, web search is one of them, on our own search; a row whose only search is its provider's own keeps
    // that search, which cannot run beside our tools, and answers without them.
    let replySearch = search;
    if (tools && search) {
      const own = search.backend !== 'provider' ? search.backend : webSearchSettings(ctx.config).searxngUrl ? 'searxng' : null;
      if (own) {
        replySearch = { ...search, backend: own };
        tools = withWebSearch(tools);
      } else {
        tools = undefined;
      }
    }
    created = streams.hub.create({ id: streamId, ownerKey: ownerKey(who), model: model.id, messageId });
    const signal = controller.signal;
    const textJob = {
      streamId,
      reference,
      who,
      model,
      resolved,
      turns,
      messageId,
      cost,
      keptCost,
      params,
      startedAt,
      signal,
      log: deps.log,
      ...(tools ? { tools } : {}),
      ...(replySearch
        ? {
            search: { ...replySearch, settings: webSearchSettings(ctx.config), prompt: prompt.content, threadTitle: thread?.title ?? null },
          }
        : {}),
    };
    job = runTextJob(ctx, streams.hub, body.blind ? { ...textJob, blind: true } : textJob);
    const blind = body.blind;
    if (blind) {
      job = job.then(async (result) => {
        const stopped = result.error !== null && controller.signal.aborted && controller.signal.reason === 'stop';
        const status = result.error === null ? 'complete' : stopped ? 'stopped' : 'failed';
        await blind
          .onEnd({ status, reference, figures: result.figures ?? null })
          .catch((error) => deps.log.error({ err: error, streamId }, 'recording an arena reply failed'));
        return result;
      });
    }
  } catch (error) {
    await created?.catch(() => undefined);
    await abandonAdmission(db, admitted, reference);
    await lease.release();
    throw error;
  }
  job = job.finally(() => lease.release());
  streams.running.track(streamId, controller, job, revocationKeys(who));
  // Without its record no one could follow the reply: it is stopped and refunded (whatever text it
  // has reached no one) and the chat fails (Redis unreachable: 503 with Retry-After, issue 44).
  await created.catch(async (error: unknown) => {
    streams.running.stop(streamId, 'unheard');
    await job;
    throw error;
  });

  const metadata = { demo: resolved.adapter.demo };
  if (body.stream && model.stream) {
    job.catch((error) => deps.log.error({ err: error, streamId }, 'stream job failed'));
    // The provider's request goes out before this answer: Node hands a request its socket only
    // after the promise jobs queued now have run, and answering is such a job. The client opens
    // the event stream well within the provider's time to a first token; the token cannot wait.
    await setImmediate();
    return answer(admitted.balance, { ...base, messageId, content: '', type: 'text', status: 'streaming', streamId, metadata });
  }
  // Not streamed: wait for the whole reply and answer once.
  const { content, error, fallback, figures, threadGone, searched } = await job;
  // The thread was deleted before the reply's first text was kept: as if it had been gone at the start.
  if (threadGone) throw noThreadAccess();
  if (error && !content) throw new AppError('bad_gateway', error);
  const balance = await getBalance(db.kysely, who);
  const replyMetadata = { ...metadata, ...searched, ...fallback, ...figures };
  if (error) {
    // Cut mid-way: the text so far was delivered (and paid for, as for streams) but is no answer.
    const cut = answer(balance, { ...base, messageId, content, type: 'text', status: 'error', metadata: replyMetadata });
    const { status: _status, ...rest } = cut;
    throw new AppError('bad_gateway', error, rest);
  }
  return answer(balance, { ...base, messageId, content, type: 'text', status: 'success', metadata: replyMetadata });
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
  base: ReplyBase & { resolved: ResolvedChain; promptId: number | null; startedAt: number },
  prompt: string,
  aspectRatio: ReturnType<typeof requestedAspectRatio>,
  reference: string,
  cost: number,
  signal: AbortSignal,
  /** Where the picture goes instead of the gallery (a developer API call's). */
  storeElsewhere?: (image: GeneratedImage) => Promise<StoredImage>,
): Promise<ChatResponse> {
  const { ctx } = deps;
  const { resolved } = base;
  let stored: StoredImage;
  let answered = base.model;
  try {
    // Not tied to the request (a client that goes away still gets its image), only to a drain.
    // Each generation (a Regenerate, a studio job) is a new picture and is charged as one.
    const request = { prompt, aspectRatio, signal, seed: randomImageSeed() };
    const result = await generateFirstAvailable(base.model, resolved.chain, request, ctx.catalogue.fallbackOptions());
    answered = result.answered.model;
    const { image } = result;
    stored = storeElsewhere
      ? await storeElsewhere(image)
      : await storeImage(ctx, {
          owner: who,
          bytes: image.bytes,
          mediaType: image.mediaType,
          prompt,
          model: base.model.id,
          aspectRatio,
          messageId: null,
        });
  } catch (error) {
    // The bucket or the database did not answer (issue 44): not the provider's failure. Refunded, and answered 503
    // with Retry-After by the error handler, as a retry will help.
    if (!(error instanceof ProviderError) && isDependencyOutage(error)) {
      deps.log.warn({ err: error }, 'storing a generated image failed: a service underneath did not answer');
      await settleCharge(ctx.db, reference, 'refund');
      throw error;
    }
    const errorKind = error instanceof ProviderError ? error.kind : 'internal';
    countProviderError(resolved.adapter.id, errorKind);
    await noteFailedReply(ctx.db.kysely, deps.log, resolved.adapter.id, errorKind);
    if (!(error instanceof ProviderError)) deps.log.error({ err: error }, 'image generation failed');
    if (!signal.aborted) {
      const failed = { provider: answered.provider, kind: 'image' as const, modelId: answered.id, errorKind, ttftMs: null };
      await recordOutcome(ctx.db.kysely, failed, deps.log);
    }
    await settleCharge(ctx.db, reference, 'refund');
    throw new AppError('bad_gateway', failureText(error, MESSAGES.imageFailed));
  }
  const fallback = await settleFallback(ctx, who, base.model, answered, cost, reference);
  await recordOutcome(
    ctx.db.kysely,
    { provider: answered.provider, kind: 'image', modelId: answered.id, errorKind: null, ttftMs: null },
    deps.log,
  );
  const url = stored.url;
  const { width, height } = stored;
  const figures = { credits: Math.min(cost, answered.cost), total_ms: Math.round(performance.now() - base.startedAt) };
  const metadata = { aspectRatio, prompt, demo: resolved.adapter.demo, width, height, image_id: stored.id, ...fallback, ...figures };
  let messageId: number | null = null;
  const thread = base.thread;
  if (thread) {
    try {
      // The picture's place in the thread and its kept charge commit together: a picture in a thread is always paid
      // for, and one whose write failed (the database going away, issue 44) is refunded with nothing left behind.
      messageId = await ctx.db.kysely.transaction().execute(async (trx) => {
        const id = await insertMessage(trx, {
          threadId: thread.id,
          role: 'assistant',
          type: 'image',
          content: url,
          model: base.model.id,
          metadata,
          parentId: base.promptId,
        });
        await attachImageToMessage(trx, stored.id, id);
        await keepChargeIn(trx, reference);
        return id;
      });
    } catch (error) {
      // The thread was deleted while drawing: the picture stays in the gallery and is answered
      // like a comparison reply; any other failure means nothing was delivered.
      if (!isForeignKeyViolation(error)) {
        await settleCharge(ctx.db, reference, 'refund');
        throw error;
      }
      messageId = null;
    }
  }
  // A picture without a thread (a comparison, an API call, its thread deleted) is delivered now: its charge is kept
  // here (one in a thread was kept above, and this finds nothing), also across a database restart: a charge left open
  // is refunded by the sweep, since a picture's charge names no reply row to tell it was delivered (issue 44).
  // Delivered and paid for, it is answered, not refused.
  await retryWhileUnavailable(() => settleCharge(ctx.db, reference, 'keep'), { forMs: KEEP_RETRY_MS });
  const balance = await retryWhileUnavailable(() => getBalance(ctx.db.kysely, who), { forMs: KEEP_RETRY_MS });
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

/** A picture's figures from its reply's metadata (credits and time; a picture has no tokens). */
function imageFigures(metadata: ChatData['metadata'] | undefined): ReplyFigures | null {
  const m = metadata as { credits?: unknown; total_ms?: unknown } | undefined;
  return typeof m?.credits === 'number' && typeof m.total_ms === 'number' ? { credits: m.credits, total_ms: m.total_ms } : null;
}

/** The 402 answer: the exhausted text at zero, else the pre-check text with the numbers. */
export async function creditsError(ctx: AppContext, who: Identity, cost: number): Promise<AppError> {
  const balance = await getBalance(ctx.db.kysely, who);
  const message = balance.remaining <= 0 ? exhaustedText(who.kind) : insufficientText(who.kind, cost, balance.remaining);
  return new AppError('credits_exhausted', message, { credits_info: { ...creditsInfo(balance), status: 'credits_exhausted' } });
}

/** The text of a developer API call's last user turn (what a search or a title would read); empty when it has none. */
function lastUserText(turns: readonly ChatTurn[]): string {
  return [...turns].reverse().find((t) => t.role === 'user')?.content ?? '';
}
