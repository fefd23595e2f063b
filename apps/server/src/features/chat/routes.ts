import { AppError, CHAT_PATHS, type StopResponse, chatRequestSchema, stopRequestSchema, toolDecisionRequestSchema } from '@ensemble/shared';
import { recordDecision } from './tool-loop.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { ServerCatalogue } from '../catalogue/service.js';
import { ATTACH_RETRY_AFTER_S, type AttachLimiter } from './attach-limits.js';
import { ownerKey, startChat } from './service.js';
import { chargeReference, findOpenCharge } from './open-charges.js';
import { EVENT_STREAM_HEADERS, type HubEvent, type SavedReply, eventId, parseEventId, replaySaved } from './stream-hub.js';
import { parseMetadata } from '../messages/store.js';
import { ownsRow } from '../session/ownership.js';
import type { Identity } from '../session/service.js';
import { inChatSlot, refuseWhenFull } from './chat-slot.js';
import type { ChatStreams } from './streams.js';
import { eventStreamOpened } from '../../metrics/metrics.js';

const HEARTBEAT_MS = 15_000;

const streamQuerySchema = z.object({
  stream: z.literal('true', { message: 'must be "true" to attach to a stream' }),
  model: z.string().max(200).optional(),
  stream_id: z.string().regex(/^[0-9a-f]{32}$/, 'must be a stream id'),
  /** An event id ("seq-offset", or a bare seq), as in Last-Event-ID. */
  last_event_id: z
    .string()
    .regex(/^\d{1,15}(-\d{1,15})?$/, 'must be an event id')
    .optional(),
  /** The thread reply this stream writes: once the stream is gone, a reader is answered from it. */
  message_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

/**
 * The caller's finished thread reply that `streamId` wrote (its placeholder names the stream), for
 * a reader who comes after the stream was dropped; undefined when there is none or it is not done.
 */
async function findSavedReply(ctx: AppContext, who: Identity, messageId: number, streamId: string): Promise<SavedReply | undefined> {
  const row = await ctx.db.kysely
    .selectFrom('messages as m')
    .innerJoin('threads as t', 't.id', 'm.thread_id')
    .select(['m.id', 'm.content', 'm.status', 'm.metadata', 'm.role', 't.user_id', 't.guest_id'])
    .where('m.id', '=', messageId)
    .executeTakeFirst();
  if (row?.role !== 'assistant' || row.status === 'streaming' || !ownsRow(who, row)) return undefined;
  const metadata = parseMetadata(row.metadata);
  if (metadata?.stream_id !== streamId) return undefined;
  return { id: row.id, content: row.content, status: row.status, metadata };
}

/** The one answer for a stream id that is not the caller's: missing, finished or someone else's alike. */
const noStream = () => new AppError('not_found', 'Stream not found or already finished');

/**
 * POST chat.php starts a reply; GET chat.php?stream=true&stream_id= attaches to its event stream;
 * POST stop.php stops it on whichever instance generates it.
 */
export const chatRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  catalogue: ServerCatalogue;
  streams: ChatStreams;
  attaches: AttachLimiter;
}> = async (app, { ctx, catalogue, streams, attaches }) => {
  const hub = streams.hub;
  app.post(
    CHAT_PATHS.chat,
    { schema: { body: chatRequestSchema }, onRequest: async (_request, reply) => refuseWhenFull(streams, reply) },
    async (request, reply) => {
      const arrivedAt = performance.now();
      const identify = request.identity();
      await identify;
      return inChatSlot(streams, request, reply, () =>
        startChat({ ctx, catalogue, streams, log: request.log }, identify, request.body, arrivedAt),
      );
    },
  );

  app.post(CHAT_PATHS.toolDecision, { schema: { body: toolDecisionRequestSchema } }, async (request) => {
    const { stream_id, call_id, allow } = request.body;
    await recordDecision(ctx, await request.identity(), stream_id, call_id, allow);
    return { status: 'success' as const };
  });

  app.post(CHAT_PATHS.stop, { schema: { body: stopRequestSchema } }, async (request): Promise<StopResponse> => {
    const who = await request.identity();
    const id = request.body.stream_id;
    const [meta, charge] = await Promise.all([hub.meta(id), findOpenCharge(ctx.db, chargeReference(id))]);
    const owner = meta ? meta.ownerKey : charge?.user_id != null ? `user:${charge.user_id}` : `guest:${charge?.guest_id}`;
    // Someone else's stream is answered like a missing one, so ids say nothing of which exist.
    if ((!meta && !charge) || owner !== ownerKey(who)) throw noStream();
    // No open charge: the reply already ended, so there is nothing left to stop.
    if (!charge) return { status: 'success', stopped: false };
    await streams.requestStop(id);
    return { status: 'success', stopped: true };
  });

  app.get(CHAT_PATHS.chat, { schema: { querystring: streamQuerySchema } }, async (request, reply) => {
    const who = await request.identity();
    const { stream_id: streamId, message_id: messageId } = request.query;
    const header = request.headers['last-event-id'];
    const after = parseEventId(typeof header === 'string' ? header : undefined) ??
      parseEventId(request.query.last_event_id) ?? { seq: 0, offset: 0 };
    let meta = await hub.meta(streamId);
    // Gone from the hub: a thread reply is read from its saved row, exactly after the reader's offset.
    const offset = after.offset;
    const saved = !meta && messageId !== undefined && offset !== null ? await findSavedReply(ctx, who, messageId, streamId) : undefined;
    if (saved) meta = { id: streamId, ownerKey: ownerKey(who), model: request.query.model ?? '', messageId: saved.id };
    if (!meta || meta.ownerKey !== ownerKey(who)) throw noStream();
    const lease = await attaches.acquire(meta.id, meta.ownerKey);
    if (lease === 'stream_full' || lease === 'owner_full') {
      reply.header('Retry-After', String(ATTACH_RETRY_AFTER_S));
      throw new AppError(
        'rate_limited',
        lease === 'stream_full'
          ? 'This reply is already open in too many places. Close one and try again.'
          : 'Too many replies are open at once. Close some tabs and try again.',
      );
    }

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, EVENT_STREAM_HEADERS);
    // Unnumbered, so a reconnecting client's last id stays that of the content it has.
    res.write(
      `retry: 1000\ndata: ${JSON.stringify({ type: 'connection_established', stream_id: meta.id, message_id: meta.messageId })}\n\n`,
    );
    const heartbeat = setInterval(() => {
      res.write(': keep-alive\n\n');
      lease.refresh().catch((error) => request.log.warn({ err: error }, 'refreshing an attach lease failed'));
    }, HEARTBEAT_MS);
    const streamClosed = eventStreamOpened();
    let unsubscribe: (() => void) | null = null;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      streamClosed();
      clearInterval(heartbeat);
      unsubscribe?.();
      lease.release().catch((error) => request.log.warn({ err: error }, 'releasing an attach lease failed'));
      if (!res.writableEnded) res.end();
    };
    request.raw.on('close', end);
    res.on('close', end);
    // A client gone before the listeners were set would otherwise hold its count until expiry.
    if (res.destroyed || request.raw.destroyed) return end();
    const deliver = (event: HubEvent | null) => {
      if (event === null) return end();
      res.write(`id: ${eventId(event)}\ndata: ${event.data}\n\n`);
    };
    try {
      if (saved && offset !== null) {
        replaySaved(saved, { seq: after.seq, offset }, deliver);
        return end();
      }
      unsubscribe = await hub.attach(meta.id, after, deliver);
    } catch (error) {
      request.log.error({ err: error }, 'attaching to a stream failed');
      unsubscribe = null;
    }
    if (!unsubscribe || ended) end();
  });
};
