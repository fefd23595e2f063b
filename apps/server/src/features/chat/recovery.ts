import type { AppContext } from '../../app.js';
import { refund } from '../credits/service.js';
import { deleteMessageRow, updateMessage } from '../messages/store.js';

/**
 * After a restart, replies that were streaming have no generator any more: a reply with content
 * keeps what was saved (at most a second behind) and is closed; an empty one is removed and its
 * charge refunded, as for any provider failure before content.
 */
export async function recoverInterruptedStreams(ctx: AppContext): Promise<{ kept: number; refunded: number }> {
  const rows = await ctx.db.kysely
    .selectFrom('messages')
    .innerJoin('threads', 'threads.id', 'messages.thread_id')
    .select([
      'messages.id',
      'messages.thread_id',
      'messages.content',
      'messages.model',
      'messages.metadata',
      'threads.user_id',
      'threads.guest_id',
    ])
    .where('messages.status', '=', 'streaming')
    .execute();
  let kept = 0;
  let refunded = 0;
  for (const row of rows) {
    if (row.content) {
      await updateMessage(ctx.db.kysely, row.id, { status: 'complete' });
      kept++;
      continue;
    }
    await deleteMessageRow(ctx.db.kysely, row.id, row.thread_id);
    const streamId = (JSON.parse(row.metadata ?? '{}') as { stream_id?: string }).stream_id;
    if (!streamId) continue;
    const charge = await ctx.db.kysely
      .selectFrom('credit_ledger')
      .select(['delta', 'user_id', 'guest_id'])
      .where('reference', '=', `chat:${streamId}`)
      .execute();
    const paid = -charge.reduce((sum, r) => sum + r.delta, 0);
    const owner = charge[0];
    if (paid > 0 && owner) {
      const who =
        owner.user_id != null
          ? { kind: 'user' as const, userId: owner.user_id, guestId: null }
          : { kind: 'guest' as const, guestId: owner.guest_id as number, userId: null };
      await refund(ctx.db, who, paid, row.model, `chat:${streamId}`);
      refunded++;
    }
  }
  return { kept, refunded };
}
