import { type Kysely, type RawBuilder, type Transaction, sql } from 'kysely';
import { AppError, CREDITS, type CreditsInfo, MESSAGES } from '@ensemble/shared';
import { countCreditsCharged, countCreditsRefunded } from '../../metrics/metrics.js';
import { type Db, now } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import { rollupCharge, rollupRefund } from '../rollups/rollups.js';
import type { Identity } from '../session/service.js';

type Executor = Kysely<Database> | Transaction<Database>;
/** Who pays: an account or a guest, and the API key the request came through, if any (issue 39). */
export type Payer = Pick<Identity, 'kind' | 'userId' | 'guestId'> & { apiKeyId?: number | null };
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
  who: Payer,
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
  who: Payer,
  cost: number,
  reason: string,
  model: string | null,
  reference: string | null,
): Promise<Balance | null> {
  const updated =
    who.kind === 'user' ? await chargeUser(trx, who.userId as number, cost) : await chargeGuest(trx, who.guestId as number, cost);
  if (!updated) return null;
  // After the account's charge, so a short balance is refused as always; a refusal here throws, undoing that charge.
  if (who.apiKeyId) await chargeKey(trx, who.apiKeyId, cost);
  await trx
    .insertInto('credit_ledger')
    .values({ ...owner(who), delta: -cost, balance_after: updated.credits, reason, model, reference, created_at: now() })
    .execute();
  await rollupCharge(trx, who.kind === 'user' ? who.userId : null, model, cost, Boolean(who.apiKeyId));
  countCreditsCharged(who.kind, cost);
  // The update returned the new balance: no second read.
  return who.kind === 'user' ? userBalance(updated as ChargedUser) : guestBalance(updated);
}

type ChargedUser = { credits: number; credits_used: number; subscription_tier: string };

function userBalance(u: ChargedUser): Balance {
  const plan = (['pro', 'premium'].includes(u.subscription_tier) ? u.subscription_tier : 'free') as Plan;
  return { remaining: u.credits, credits_used: u.credits_used, plan, max: Math.max(CREDITS[plan], u.credits) };
}

function guestBalance(g: { credits: number; credits_used: number }): Balance {
  return { remaining: g.credits, credits_used: g.credits_used, plan: 'guest', max: CREDITS.guest };
}

/** The balance a charge's update returned (see userChargeUpdate and guestChargeUpdate). */
export function chargedBalance(
  kind: Identity['kind'],
  row: { credits: number; credits_used: number; subscription_tier?: string },
): Balance {
  return kind === 'user' ? userBalance(row as ChargedUser) : guestBalance(row);
}

/**
 * A value of a charge's update: a parameter, or SQL (SQLite's admission trigger passes its row's
 * columns, `new.cost` and so on, since a trigger's statements take no parameters).
 */
type ChargeValue<T> = T | RawBuilder<T>;

/** The guest charge as one conditional update returning the new balance (not run). */
export function guestChargeUpdate(db: Executor, guestId: ChargeValue<number>, cost: ChargeValue<number>) {
  return db
    .updateTable('guests')
    .set({ credits: sql`credits - ${cost}`, credits_used: sql`credits_used + ${cost}` })
    .where('id', '=', guestId)
    .where('credits', '>=', cost)
    .returning(['credits', 'credits_used']);
}

function chargeGuest(trx: Transaction<Database>, guestId: number, cost: number) {
  return guestChargeUpdate(trx, guestId, cost).executeTakeFirst();
}

/**
 * The account charge: balance, suspension, the user's monthly budget and the plan's daily cap are
 * all conditions of the one update, so 50 parallel requests cannot overshoot any of them. When it
 * is refused for a guardrail (not the balance) this throws that guardrail's 402.
 */
async function chargeUser(trx: Transaction<Database>, userId: number, cost: number): Promise<ChargedUser | undefined> {
  const { month, day } = spendingPeriods();
  const updated = await userChargeUpdate(trx, userId, cost, { month, day }).executeTakeFirst();
  if (updated) return updated;
  await explainRefusal(trx, userId, cost, month, day);
  return undefined;
}

/**
 * The account charge as one conditional update returning the new balance (not run). Refused (no
 * row) for a short balance, a suspension, the monthly budget or the plan's daily cap.
 */
export function userChargeUpdate(
  db: Executor,
  userId: ChargeValue<number>,
  cost: ChargeValue<number>,
  { month, day }: { month: ChargeValue<string>; day: ChargeValue<string> } = spendingPeriods(),
) {
  // The plan's cap is a subquery on plan_daily_caps, which no charge writes, so PostgreSQL's re-check
  // of a row a concurrent charge changed compares the new day_spent with the same cap. (The spent
  // totals themselves are columns of the row, never a subquery, so they are always re-read.)
  const monthSoFar = sql<number>`(case when month_key = ${month} then month_spent else 0 end)`;
  const daySoFar = sql<number>`(case when day_key = ${day} then day_spent else 0 end)`;
  return db
    .updateTable('users')
    .set({
      credits: sql`credits - ${cost}`,
      credits_used: sql`credits_used + ${cost}`,
      month_spent: sql`${monthSoFar} + ${cost}`,
      month_key: month,
      day_spent: sql`${daySoFar} + ${cost}`,
      day_key: day,
    })
    .where('id', '=', userId)
    .where('credits', '>=', cost)
    .where('suspended_at', 'is', null)
    .where((eb) => eb.or([eb('monthly_budget', 'is', null), eb(sql`${monthSoFar} + ${cost}`, '<=', eb.ref('monthly_budget'))]))
    .where(
      sql<boolean>`${daySoFar} + ${cost} <= coalesce((select c.daily_cap from plan_daily_caps c where c.plan = ${planOfRow}), ${sql.lit(NO_CAP)})`,
    )
    .returning(['credits', 'credits_used', 'subscription_tier']);
}

const NO_CAP = 2_000_000_000;

/** The plan a users row is on, as SQL (paid tiers by name, anything else free). */
const planOfRow = sql`(case when users.subscription_tier in ('pro', 'premium') then users.subscription_tier else 'free' end)`;

/** The UTC calendar month and day the spending totals count. */
export function spendingPeriods(at = new Date()): { month: string; day: string } {
  const iso = at.toISOString();
  return { month: iso.slice(0, 7), day: iso.slice(0, 10) };
}

// Runs after the conditional update refused: a short balance stays the caller's usual "credits
// exhausted"; a suspension or a guardrail gets its own answer.
async function explainRefusal(trx: Transaction<Database>, userId: number, cost: number, month: string, day: string): Promise<void> {
  const u = await trx
    .selectFrom('users')
    .select(['credits', 'suspended_at', 'monthly_budget', 'month_key', 'month_spent', 'day_key', 'day_spent', 'subscription_tier'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!u) return;
  if (u.suspended_at) throw new AppError('account_suspended', MESSAGES.accountSuspended);
  if (u.credits < cost) return;
  const monthSpent = u.month_key === month ? u.month_spent : 0;
  if (u.monthly_budget != null && monthSpent + cost > u.monthly_budget)
    throw new AppError('budget_reached', MESSAGES.budgetReached(u.monthly_budget), {
      monthly_budget: u.monthly_budget,
      month_spent: monthSpent,
    });
  const plan = ['pro', 'premium'].includes(u.subscription_tier) ? u.subscription_tier : 'free';
  const cap = await trx.selectFrom('plan_daily_caps').select('daily_cap').where('plan', '=', plan).executeTakeFirst();
  const daySpent = u.day_key === day ? u.day_spent : 0;
  if (cap)
    throw new AppError('daily_cap_reached', MESSAGES.dailyCapReached(cap.daily_cap), { daily_cap: cap.daily_cap, day_spent: daySpent });
}

/**
 * Counts a charge against the API key it came through: a revoked or expired key, or one whose monthly limit the
 * charge would pass, is refused in the same conditional update (so 50 parallel requests cannot overshoot it).
 */
async function chargeKey(trx: Transaction<Database>, keyId: number, cost: number): Promise<void> {
  const { month } = spendingPeriods();
  const soFar = sql<number>`(case when month_key = ${month} then month_spent else 0 end)`;
  const at = now();
  const counted = await trx
    .updateTable('api_keys')
    .set({ month_spent: sql`${soFar} + ${cost}`, month_key: month })
    .where('id', '=', keyId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
    .where((eb) => eb.or([eb('monthly_limit', 'is', null), eb(sql`${soFar} + ${cost}`, '<=', eb.ref('monthly_limit'))]))
    .returning('id')
    .executeTakeFirst();
  if (counted) return;
  const key = await trx
    .selectFrom('api_keys')
    .select(['monthly_limit', 'revoked_at', 'expires_at'])
    .where('id', '=', keyId)
    .executeTakeFirst();
  if (!key || key.revoked_at || (key.expires_at && key.expires_at <= at)) throw new AppError('unauthorized', MESSAGES.invalidApiKey);
  throw new AppError('key_limit_reached', MESSAGES.keyLimitReached(key.monthly_limit ?? 0), { monthly_limit: key.monthly_limit });
}

/** Gives back credits (a provider failed before any content), with its ledger row. */
export async function refund(db: Db, who: Payer, amount: number, model: string | null, reference: string | null): Promise<Balance> {
  return db.kysely.transaction().execute((trx) => refundIn(trx, who, amount, model, reference));
}

/** refund() inside the caller's transaction. */
export async function refundIn(
  trx: Transaction<Database>,
  who: Payer,
  amount: number,
  model: string | null,
  reference: string | null,
): Promise<Balance> {
  // A refund is never held back by a budget or cap; it also gives back this period's spending.
  const { month, day } = spendingPeriods();
  const updated =
    who.kind === 'user'
      ? await trx
          .updateTable('users')
          .set({
            credits: sql`credits + ${amount}`,
            credits_used: sql`credits_used - ${amount}`,
            month_spent: sql`case when month_key = ${month} and month_spent > ${amount} then month_spent - ${amount} when month_key = ${month} then 0 else month_spent end`,
            day_spent: sql`case when day_key = ${day} and day_spent > ${amount} then day_spent - ${amount} when day_key = ${day} then 0 else day_spent end`,
          })
          .where('id', '=', who.userId)
          .returning(['credits'])
          .executeTakeFirstOrThrow()
      : await trx
          .updateTable('guests')
          .set({ credits: sql`credits + ${amount}`, credits_used: sql`credits_used - ${amount}` })
          .where('id', '=', who.guestId)
          .returning(['credits'])
          .executeTakeFirstOrThrow();
  if (who.apiKeyId) {
    await trx
      .updateTable('api_keys')
      .set({ month_spent: sql`case when month_spent > ${amount} then month_spent - ${amount} else 0 end` })
      .where('id', '=', who.apiKeyId)
      .where('month_key', '=', month)
      .execute();
  }
  await trx
    .insertInto('credit_ledger')
    .values({ ...owner(who), delta: amount, balance_after: updated.credits, reason: 'refund', model, reference, created_at: now() })
    .execute();
  await rollupRefund(trx, amount);
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

function owner(who: Payer) {
  const key = who.apiKeyId ? { api_key_id: who.apiKeyId } : {};
  return who.kind === 'user' ? { user_id: who.userId, guest_id: null, ...key } : { user_id: null, guest_id: who.guestId, ...key };
}
