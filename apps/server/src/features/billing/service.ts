import type { Kysely, Transaction } from 'kysely';
import { CREDITS, PLANS, type Tier } from '@ensemble/shared';
import { type Db, now } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import { setUserBalance } from '../credits/service.js';
import { snapshotSubscriptions } from '../rollups/rollups.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type PaidTier = Exclude<Tier, 'free'>;

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/**
 * Records a key (a Stripe event id, or a grant key) in billing_events; false when it was there
 * already. Run it inside the transaction that applies the effects, so they happen exactly once.
 */
export async function claimOnce(trx: Executor, key: string, type: string): Promise<boolean> {
  const t = now();
  const row = await trx
    .insertInto('billing_events')
    .values({ event_id: key, type, status: 'processed', received_at: t, processed_at: t })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return Boolean(row);
}

/** One paid period of a subscription, as Stripe reports it (unix seconds). */
export interface PlanPeriod {
  userId: number;
  tier: PaidTier;
  subscriptionId: string;
  customerId: string | null;
  periodStart: number;
  periodEnd: number;
  /** When the subscription is set to stop (cancel at period end), else null. */
  endsAt: number | null;
}

/**
 * Applies a paid plan for one subscription period: tier, status, end date, and the balance SET to
 * the plan's allowance. Keyed on (subscription, period start), so checkout verification, the
 * checkout webhook and invoice.paid for the same period grant once. A period already over is not
 * granted (a late, stale event must not reset the balance).
 */
export async function applyPlanForPeriod(
  trx: Executor,
  p: PlanPeriod,
): Promise<{ granted: boolean; replacedSubscriptionId: string | null }> {
  if (p.periodEnd * 1000 <= Date.now()) return { granted: false, replacedSubscriptionId: null };
  const key = `grant:${p.subscriptionId}:${p.periodStart}`;
  if (!(await claimOnce(trx, key, 'plan_grant'))) return { granted: false, replacedSubscriptionId: null };
  const before = await trx
    .selectFrom('users')
    .select(['stripe_subscription_id', 'stripe_customer_id'])
    .where('id', '=', p.userId)
    .executeTakeFirstOrThrow();
  // This update also takes the row lock (PostgreSQL) before the balance is read and set below.
  await trx
    .updateTable('users')
    .set({
      subscription_tier: p.tier,
      subscription_status: p.endsAt ? 'canceled' : 'active',
      subscription_end_date: iso(p.endsAt ?? p.periodEnd),
      stripe_subscription_id: p.subscriptionId,
      ...(!before.stripe_customer_id && p.customerId ? { stripe_customer_id: p.customerId } : {}),
      updated_at: now(),
    })
    .where('id', '=', p.userId)
    .execute();
  await setUserBalance(trx, p.userId, CREDITS[p.tier], 'plan_grant', key);
  const started = before.stripe_subscription_id !== p.subscriptionId;
  if (started) await recordActivity(trx, p.userId, `Subscribed to ${PLANS[p.tier].name}`);
  await snapshotSubscriptions(trx);
  return { granted: true, replacedSubscriptionId: started ? before.stripe_subscription_id : null };
}

/**
 * Updates the account's CURRENT subscription (tier change, cancellation scheduled or withdrawn);
 * events about any other subscription change nothing. Returns whether the account was updated.
 */
export async function updateSubscriptionState(
  trx: Executor,
  userId: number,
  subscriptionId: string,
  state: { tier: PaidTier; periodEnd: number; endsAt: number | null },
): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({
      subscription_tier: state.tier,
      subscription_status: state.endsAt ? 'canceled' : 'active',
      subscription_end_date: iso(state.endsAt ?? state.periodEnd),
      updated_at: now(),
    })
    .where('id', '=', userId)
    .where('stripe_subscription_id', '=', subscriptionId)
    .executeTakeFirst();
  const updated = Number(result.numUpdatedRows) > 0;
  if (updated) await snapshotSubscriptions(trx);
  return updated;
}

/** Which plan end applies: Stripe ended this subscription, or a canceled plan's end date passed. */
export type PlanEnd = { subscriptionId: string } | { canceledUntil: string; subscriptionId: string | null };

/**
 * Makes the account free (status 'none') with its balance capped at the free allowance, if the
 * plan it has is still the one that ended. Returns whether it did.
 */
export async function endPlan(trx: Executor, userId: number, end: PlanEnd): Promise<boolean> {
  let q = trx
    .updateTable('users')
    .set({
      subscription_tier: 'free',
      subscription_status: 'none',
      subscription_end_date: null,
      stripe_subscription_id: null,
      updated_at: now(),
    })
    .where('id', '=', userId);
  if ('canceledUntil' in end) {
    // Conditional on what was read, so a renewal that landed meanwhile is not undone.
    q = q.where('subscription_status', '=', 'canceled').where('subscription_end_date', '=', end.canceledUntil);
    q = end.subscriptionId ? q.where('stripe_subscription_id', '=', end.subscriptionId) : q.where('stripe_subscription_id', 'is', null);
  } else {
    q = q.where('stripe_subscription_id', '=', end.subscriptionId);
  }
  const result = await q.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await snapshotSubscriptions(trx);
  const { credits } = await trx.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow();
  if (credits > CREDITS.free) await setUserBalance(trx, userId, CREDITS.free, 'plan_end', `end:${end.subscriptionId ?? 'expired'}`);
  return true;
}

/**
 * Downgrades an account whose canceled plan's end date has passed when no webhook said so.
 * Call it before reading an account's balance or plan (profile, credit checks, checkout).
 */
export async function settleExpiredPlan(db: Db, userId: number): Promise<boolean> {
  const u = await db.kysely
    .selectFrom('users')
    .select(['subscription_status', 'subscription_end_date', 'stripe_subscription_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (u?.subscription_status !== 'canceled' || !u.subscription_end_date) return false;
  if (Date.parse(u.subscription_end_date) > Date.now()) return false;
  const until = u.subscription_end_date;
  return db.kysely.transaction().execute((trx) => endPlan(trx, userId, { canceledUntil: until, subscriptionId: u.stripe_subscription_id }));
}

/** The account a Stripe object belongs to: by its customer id, else by the user id our checkout put in metadata. */
export async function findBillingAccount(
  trx: Executor,
  ref: { customerId: string | null; userId: number | null },
): Promise<{ id: number; stripe_customer_id: string | null; stripe_subscription_id: string | null } | null> {
  const cols = ['id', 'stripe_customer_id', 'stripe_subscription_id'] as const;
  if (ref.customerId) {
    const byCustomer = await trx.selectFrom('users').select(cols).where('stripe_customer_id', '=', ref.customerId).executeTakeFirst();
    if (byCustomer) return byCustomer;
  }
  if (ref.userId == null) return null;
  const byId = await trx.selectFrom('users').select(cols).where('id', '=', ref.userId).executeTakeFirst();
  // A metadata id naming an account that has a different customer is not trusted.
  if (!byId || (byId.stripe_customer_id && ref.customerId && byId.stripe_customer_id !== ref.customerId)) return null;
  return byId;
}

/** The account fields checkout and verification answer with. */
export async function readPlan(trx: Executor, userId: number) {
  return trx
    .selectFrom('users')
    .select([
      'id',
      'email',
      'username',
      'created_at',
      'credits',
      'subscription_tier',
      'subscription_status',
      'subscription_end_date',
      'stripe_customer_id',
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

async function recordActivity(trx: Executor, userId: number, description: string): Promise<void> {
  await trx
    .insertInto('activities')
    .values({ user_id: userId, guest_id: null, activity_type: 'subscription', description, created_at: now() })
    .execute();
}
