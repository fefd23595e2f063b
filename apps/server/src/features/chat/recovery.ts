import { MESSAGES, streamError } from '@ensemble/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { findMessage } from '../messages/store.js';
import type { LeaseStore } from './leases.js';
import { listOpenCharges, settleCharge } from './open-charges.js';
import type { StreamHub } from './stream-hub.js';

const streamOf = (reference: string) => (reference.startsWith('chat:') ? reference.slice(5) : reference);

/** What one sweep settled. */
export interface SweepResult {
  kept: number;
  refunded: number;
  interrupted: number;
}

/**
 * Settles the replies whose generator died: those whose lease has expired (a live instance's work
 * is never touched). Each open charge is settled once, across every instance sweeping at the same
 * time: kept when content had reached the caller, refunded otherwise (comparison replies with no
 * thread included). The reply is marked `interrupted` if it has text, removed if empty, and its
 * readers, on whichever instance, get the error event and [DONE], after a rewind to the saved text
 * when they were sent more than it holds. Run at start and periodically.
 */
export async function settleExpiredStreams(ctx: AppContext, leases: LeaseStore, hub: StreamHub): Promise<SweepResult> {
  const k = ctx.db.kysely;
  const result: SweepResult = { kept: 0, refunded: 0, interrupted: 0 };
  const charges = await listOpenCharges(ctx.db);
  const live = await leases.alive(charges.map((c) => streamOf(c.reference)));
  const handled = new Set<number>();
  for (const open of charges) {
    const streamId = streamOf(open.reference);
    if (open.message_id !== null) handled.add(open.message_id);
    if (live.has(streamId)) continue;
    const reply = open.message_id !== null ? await findMessage(k, open.message_id) : undefined;
    const delivered = open.delivered === 1 || Boolean(reply?.content);
    if (!(await settleCharge(ctx.db, open.reference, delivered ? 'keep' : 'refund'))) continue;
    if (delivered) result.kept++;
    else result.refunded++;
    if (open.message_id !== null && (await closeReply(ctx, open.message_id))) result.interrupted++;
    // The generator is dead, so the text read above is the reply's last.
    await hub.abandon(streamId, streamError(MESSAGES.generatorStopped), reply?.content.length);
  }

  // Replies left streaming without an open charge (their charge was settled but the reply not closed).
  const rows = await k.selectFrom('messages').select(['id', 'metadata']).where('status', '=', 'streaming').execute();
  const orphans = rows.filter((r) => !handled.has(r.id)).map((r) => ({ id: r.id, streamId: metadataStreamId(r.metadata) }));
  const orphanLive = await leases.alive(orphans.flatMap((o) => (o.streamId ? [o.streamId] : [])));
  for (const o of orphans) {
    if (o.streamId && orphanLive.has(o.streamId)) continue;
    const saved = (await findMessage(k, o.id))?.content.length ?? 0;
    if (await closeReply(ctx, o.id)) result.interrupted++;
    if (o.streamId) await hub.abandon(o.streamId, streamError(MESSAGES.generatorStopped), saved);
  }
  await leases.prune();
  return result;
}

/** Marks a still-streaming reply interrupted (or removes it when empty); true when one was marked. */
async function closeReply(ctx: AppContext, messageId: number): Promise<boolean> {
  const k = ctx.db.kysely;
  // Only a reply still `streaming`: one its generator finished in the meantime keeps its status.
  const marked = await k
    .updateTable('messages')
    .set({ status: 'interrupted' })
    .where('id', '=', messageId)
    .where('status', '=', 'streaming')
    .where('content', '!=', '')
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) > 0) return true;
  const row = await k
    .selectFrom('messages')
    .select(['id', 'thread_id'])
    .where('id', '=', messageId)
    .where('status', '=', 'streaming')
    .executeTakeFirst();
  if (!row) return false;
  const gone = await k
    .deleteFrom('messages')
    .where('id', '=', row.id)
    .where('status', '=', 'streaming')
    .where('content', '=', '')
    .executeTakeFirst();
  if (Number(gone.numDeletedRows) > 0) {
    await k
      .updateTable('threads')
      .set({ message_count: sql`case when message_count > 0 then message_count - 1 else 0 end` })
      .where('id', '=', row.thread_id)
      .execute();
  }
  return false;
}

function metadataStreamId(metadata: string | null): string | null {
  if (!metadata) return null;
  try {
    const parsed = JSON.parse(metadata) as { stream_id?: unknown };
    return typeof parsed.stream_id === 'string' ? parsed.stream_id : null;
  } catch {
    return null;
  }
}
