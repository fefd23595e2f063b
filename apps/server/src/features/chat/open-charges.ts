import { type Transaction, sql } from 'kysely';
import { type Db, hotQuery, now } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import { type Balance, type Payer, chargeIn, refundIn } from '../credits/service.js';
import { replyTextUpdate } from '../messages/store.js';

type Owner = Payer;

/** The ledger reference of a chat charge (one per request; the stream id for text and images alike). */
export const chargeReference = (streamId: string) => `chat:${streamId}`;

/** Records a charge as open, inside the transaction that takes it. */
export async function openCharge(
  trx: Transaction<Database>,
  c: { reference: string; who: Owner; amount: number; model: string; messageId: number | null },
): Promise<void> {
  await trx
    .insertInto('open_charges')
    .values({
      reference: c.reference,
      user_id: c.who.kind === 'user' ? c.who.userId : null,
      guest_id: c.who.kind === 'guest' ? c.who.guestId : null,
      amount: c.amount,
      model: c.model,
      message_id: c.messageId,
      delivered: 0,
      created_at: now(),
      ...(c.who.apiKeyId ? { api_key_id: c.who.apiKeyId } : {}),
    })
    .execute();
}

/**
 * Notes that content reached the caller, so a crash from now on keeps the charge; with `reply`, its
 * first text is saved in the same commit (the text the charge is kept for is never missing).
 * Resolves to false, noting nothing, when the reply's row is gone (its thread was deleted): no
 * text of it is kept for anyone to read.
 */
export async function markDelivered(db: Db, reference: string, reply?: { id: number; content: string }): Promise<boolean> {
  if (!reply) {
    await delivered(db, reference);
    return true;
  }
  if (db.dialect === 'postgres') {
    const [row] = await deliveredWithText(db, reply.id, reply.content, 'streaming', now(), reference);
    return Number(row?.saved ?? 0) > 0;
  }
  return db.kysely.transaction().execute(async (trx) => {
    const saved = await trx.executeQuery(replyTextUpdate.compile(db, reply.id, reply.content, 'streaming', now()));
    if (Number(saved.numAffectedRows ?? 0) === 0) return false;
    await trx.executeQuery(delivered.compile(db, reference));
    return true;
  });
}
const delivered = hotQuery((k, reference: string) =>
  k.updateTable('open_charges').set({ delivered: 1 }).where('reference', '=', reference),
);
// The charge is marked only when the reply's row took the text.
const deliveredWithText = hotQuery(
  (_k, id: number, content: string, status: 'streaming', at: string, reference: string) =>
    sql<{ saved: number }>`with saved as (
        update messages set content = ${content}, status = ${status}, updated_at = ${at} where id = ${id} returning id
      ),
      marked as (update open_charges set delivered = 1 where reference = ${reference} and exists (select 1 from saved))
      select count(*)::int as saved from saved`,
);

/**
 * Settles an open charge exactly once: the row is deleted and, when `refund`, the credits go back
 * in the same transaction. A second settlement (another path, a later recovery) finds no row and
 * does nothing. Returns whether this call settled it.
 */
export async function settleCharge(db: Db, reference: string, outcome: 'keep' | 'refund'): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('open_charges').where('reference', '=', reference).returningAll().executeTakeFirst();
    if (!row) return false;
    if (outcome === 'refund') {
      const who: Owner =
        row.user_id !== null
          ? { kind: 'user', userId: row.user_id, guestId: null, apiKeyId: row.api_key_id }
          : { kind: 'guest', guestId: row.guest_id as number, userId: null };
      await refundIn(trx, who, row.amount, row.model, reference);
    }
    return true;
  });
}

/** Settles an open charge as kept inside the caller's transaction, with the write that delivers what it paid for. */
export async function keepChargeIn(trx: Transaction<Database>, reference: string): Promise<void> {
  await trx.deleteFrom('open_charges').where('reference', '=', reference).execute();
}

/**
 * Gives part of a charge back (a cheaper fallback answered) and lowers the open charge by as much in
 * the same transaction, so a later settlement never refunds those credits twice.
 */
export async function refundPart(db: Db, reference: string, who: Owner, amount: number, model: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    // Only while the charge is open: one already settled has given back (or kept) its whole amount.
    const open = await trx
      .updateTable('open_charges')
      .set({ amount: sql`amount - ${amount}` })
      .where('reference', '=', reference)
      .where('amount', '>=', amount)
      .executeTakeFirst();
    if (Number(open.numUpdatedRows) === 0) return;
    await refundIn(trx, who, amount, model, reference);
  });
}

/**
 * Takes `amount` more credits on a charge still open (a reply's next tool step, issue 40) and raises the open charge
 * by as much in the same transaction, so a refund or recovery later gives back exactly what was taken. Resolves to
 * the new balance, or null when the balance, the budget or a cap refuses it (a guardrail's refusal throws its 402)
 * or the charge is no longer open.
 */
export async function chargeMore(db: Db, reference: string, who: Owner, amount: number, model: string): Promise<Balance | null> {
  return db.kysely
    .transaction()
    .execute(async (trx) => {
      const open = await trx
        .updateTable('open_charges')
        .set({ amount: sql`amount + ${amount}` })
        .where('reference', '=', reference)
        .executeTakeFirst();
      if (Number(open.numUpdatedRows) === 0) return null;
      const balance = await chargeIn(trx, who, amount, 'chat', model, reference);
      // A refusal undoes the open charge's raise with the rest.
      if (!balance) throw REFUSED;
      return balance;
    })
    .catch((error: unknown) => {
      if (error === REFUSED) return null;
      throw error;
    });
}
const REFUSED = new Error('the balance refused the step');

/** Every charge still open, oldest first (for recovery after a crash). */
export async function listOpenCharges(db: Db) {
  return db.kysely.selectFrom('open_charges').selectAll().orderBy('created_at').execute();
}

/** The open charge of a reply still being produced, if any (who owns it, for Stop on any instance). */
export async function findOpenCharge(db: Db, reference: string) {
  return db.kysely.selectFrom('open_charges').select(['user_id', 'guest_id']).where('reference', '=', reference).executeTakeFirst();
}
