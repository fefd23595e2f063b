import type { AppContext } from '../../app.js';
import { deleteMessageRow, findMessage, updateMessage } from '../messages/store.js';
import { listOpenCharges, settleCharge } from './open-charges.js';

/**
 * After a restart, replies that were being produced have no generator any more. Each open charge
 * is settled once: kept when content had reached the caller, refunded otherwise (a comparison
 * reply still waiting for its first token included). A reply with saved text is marked
 * `interrupted`; an empty one is removed.
 *
 * Every open charge is treated as this process's own: with several instances on one database, the
 * leases of the "Many instances" work decide which ones a starting instance may settle.
 */
export async function recoverInterruptedStreams(ctx: AppContext): Promise<{ kept: number; refunded: number; interrupted: number }> {
  const { db } = ctx;
  let kept = 0;
  let refunded = 0;
  for (const open of await listOpenCharges(db)) {
    const reply = open.message_id !== null ? await findMessage(db.kysely, open.message_id) : undefined;
    const delivered = open.delivered === 1 || Boolean(reply?.content);
    if (await settleCharge(db, open.reference, delivered ? 'keep' : 'refund')) {
      if (delivered) kept++;
      else refunded++;
    }
  }
  const rows = await db.kysely.selectFrom('messages').select(['id', 'thread_id', 'content']).where('status', '=', 'streaming').execute();
  let interrupted = 0;
  for (const row of rows) {
    if (row.content) {
      await updateMessage(db.kysely, row.id, { status: 'interrupted' });
      interrupted++;
    } else {
      await deleteMessageRow(db.kysely, row.id, row.thread_id);
    }
  }
  return { kept, refunded, interrupted };
}
