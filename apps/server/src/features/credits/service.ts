import { type Kysely, type Transaction, sql } from 'kysely';
import { CREDITS, type CreditsInfo, MESSAGES } from '@ensemble/shared';
import { countCreditsCharged, countCreditsRefunded } from '../../metrics/metrics.js';
import { type Db, now } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import type { Identity } from '../session/service.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type Plan = 'guest' | 'free' | 'pro' | 'premium';

/** A caller's balance with the cap their plan implies. */
export interface Balance {
  remaining: number;
  credits_used: number;
  plan: Plan;
  max: number;
}

/** Reads the caller's balance. */
export async function getBalance(db: Executor, who: Pick<Identity, 'kind' | 'userId' | 'guestId'>): Promise<Balance> {
  if (who.kind === 'user') {
    const u = await db
      .selectFrom('users')
      .select(['credits', 'credits_used', 'subscription_tier'])
      .where('id', '=', who.userId)
      .executeTakeFirstOrThrow();
    const plan = (['pro', 'premium'].includes(u.subscription_tier) ? u.subscription_tier : 'free') as Plan;
    return { remaining: u.credits, credits_used: u.credits_used, plan, max: Math.max(CREDITS[plan], u.credits) };
  }
  const g = await db.selectFrom('guests').select(['credits', 'credits_used']).where('id', '=', who.guestId).executeTakeFirstOrThrow();
  return { remaining: g.credits, credits_used: g.credits_used, plan: 'guest', max: CREDITS.guest };
}

/**
 * Whether a guest started with nothing: its network had used up the day's funded guests (its
 * grant in the ledger is 0), so the client can say why it has no credits.
 */
export async function isUnfundedGuest(db: Executor, guestId: number): Promise<boolean> {
  const grant = await db
    .selectFrom('credit_ledger')
    .select('delta')
    .where('guest_id', '=', guestId)
    .where('reason', '=', 'guest_grant')
    .executeTakeFirst();
  return grant?.delta === 0;
}

/** The credits_info object every credit-bearing answer carries. */
export function creditsInfo(b: Balance): CreditsInfo {
  return { remaining: b.remaining, credits_used: b.credits_used, status: b.remaining > 0 ? 'active' : 'credits_exhausted', max: b.max };
}

/** The pre-check text when a model costs more than the balance. */
export function insufficientText(kind: Identity['kind'], need: number, have: number): string {
  return kind === 'guest' ? MESSAGES.insufficientGuestCredits(need, have) : MESSAGES.insufficientCredits(need, have);
}

/** The text when the balance has run out. */
export function exhaustedText(kind: Identity['kind']): string {
  return kind === 'guest' ? MESSAGES.creditsExhaustedGuest : MESSAGES.creditsExhaustedUser;
}

/**
 * Takes `cost` credits in one conditional update (never read-then-write) and records the ledger
 * row in the same transaction. Returns the new balance, or null when the balance was short.
 */
export async function charge(
  db: Db,
  who: Pick<Identity, 'kind' | 'userId' | 'guestId'>,
  cost: number,
  reason: string,
  model: string | null,
  reference: string | null,
): Promise<Balance | null> {
  return db.kysely.transaction().execute((trx) => chargeIn(trx, who, cost, reason, model, reference));
}

/** charge() inside the caller's transaction, so the charge commits (or not) with the caller's writes. */
export async function chargeIn(
  trx: Transaction<Database>,
  who: Pick<Identity, 'kind' | 'userId' | 'guestId'>,
  cost: number,
  reason: string,
  model: string | null,
  reference: string | null,
): Promise<Balance | null> {
  const table = who.kind === 'user' ? 'users' : 'guests';
  const id = who.kind === 'user' ? who.userId : who.guestId;
  const updated = await trx
    .updateTable(table)
    .set({ credits: sql`credits - ${cost}`, credits_used: sql`credits_used + ${cost}` })
    .where('id', '=', id)
    .where('credits', '>=', cost)
    .returning(['credits'])
    .executeTakeFirst();
  if (!updated) return null;
  await trx
    .insertInto('credit_ledger')
    .values({ ...owner(who), delta: -cost, balance_after: updated.credits, reason, model, reference, created_at: now() })
    .execute();
  countCreditsCharged(who.kind, cost);
  return getBalance(trx, who);
}

/** Gives back credits (a provider failed before any content), with its ledger row. */
export async function refund(
  db: Db,
  who: Pick<Identity, 'kind' | 'userId' | 'guestId'>,
  amount: number,
  model: string | null,
  reference: string | null,
): Promise<Balance> {
  return db.kysely.transaction().execute((trx) => refundIn(trx, who, amount, model, reference));
}

/** refund() inside the caller's transaction. */
export async function refundIn(
  trx: Transaction<Database>,
  who: Pick<Identity, 'kind' | 'userId' | 'guestId'>,
  amount: number,
  model: string | null,
  reference: string | null,
): Promise<Balance> {
  const table = who.kind === 'user' ? 'users' : 'guests';
  const id = who.kind === 'user' ? who.userId : who.guestId;
  const updated = await trx
    .updateTable(table)
    .set({ credits: sql`credits + ${amount}`, credits_used: sql`credits_used - ${amount}` })
    .where('id', '=', id)
    .returning(['credits'])
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('credit_ledger')
    .values({ ...owner(who), delta: amount, balance_after: updated.credits, reason: 'refund', model, reference, created_at: now() })
    .execute();
  countCreditsRefunded(who.kind, amount);
  return getBalance(trx, who);
}

/** Sets an account's balance to an amount (plan allowance at a paid period, cap at downgrade), with its ledger row. */
export async function setUserBalance(
  trx: Executor,
  userId: number,
  amount: number,
  reason: string,
  reference: string | null,
): Promise<void> {
  const before = await trx.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow();
  await trx.updateTable('users').set({ credits: amount, updated_at: now() }).where('id', '=', userId).execute();
  await trx
    .insertInto('credit_ledger')
    .values({
      user_id: userId,
      guest_id: null,
      delta: amount - before.credits,
      balance_after: amount,
      reason,
      model: null,
      reference,
      created_at: now(),
    })
    .execute();
}

function owner(who: Pick<Identity, 'kind' | 'userId' | 'guestId'>) {
  return who.kind === 'user' ? { user_id: who.userId, guest_id: null } : { user_id: null, guest_id: who.guestId };
}
