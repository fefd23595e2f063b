import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/types.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The overview's daily counters. Flows (requests, credits, sign-ups, failures, revenue) are added
 * to as they happen; `subscriptions` (by plan) and `mrr` (by currency, minor units per month) are
 * snapshots rewritten on each Stripe event and carried forward to the days without one.
 */
export const METRIC = {
  requests: 'requests',
  creditsCharged: 'credits_charged',
  creditsRefunded: 'credits_refunded',
  signups: 'signups',
  fundedGuests: 'funded_guests',
  activeAccounts: 'active_accounts',
  failedReplies: 'failed_replies',
  revenue: 'revenue',
  subscriptions: 'subscriptions',
  mrr: 'mrr',
  /** Requests (by model) and credits charged through API keys (issue 39); also counted in requests and credits_charged. */
  apiRequests: 'api_requests',
  apiCreditsCharged: 'api_credits_charged',
} as const;
export type Metric = (typeof METRIC)[keyof typeof METRIC];

/** The paid plans a subscription snapshot always writes (0 included), so a snapshot day is never empty. */
export const PAID_PLANS = ['pro', 'premium'] as const;

/** The UTC day (YYYY-MM-DD) a moment falls on. */
export const utcDay = (at: Date | string = new Date()): string => (typeof at === 'string' ? at : at.toISOString()).slice(0, 10);

/** The dimension of a failed reply: its provider and failure kind. */
export const failureDim = (provider: string, kind: string) => `${provider}|${kind}`;

/**
 * Adds n to one counter in one statement. Concurrent callers never lose an increment: the
 * conflict clause adds to the stored row (PostgreSQL locks it until the caller's transaction ends).
 */
export async function bump(db: Executor, metric: Metric, dim: string, n: number, day = utcDay()): Promise<void> {
  if (n === 0) return;
  await db
    .insertInto('daily_rollups')
    .values({ day, metric, dim, n })
    .onConflict((oc) => oc.columns(['day', 'metric', 'dim']).doUpdateSet({ n: sql`daily_rollups.n + excluded.n` }))
    .execute();
}

/** Sets one snapshot counter (a day's subscriptions of a plan, or its MRR in a currency). */
async function put(db: Executor, metric: Metric, dim: string, n: number, day: string): Promise<void> {
  await db
    .insertInto('daily_rollups')
    .values({ day, metric, dim, n })
    .onConflict((oc) => oc.columns(['day', 'metric', 'dim']).doUpdateSet({ n: sql`excluded.n` }))
    .execute();
}

/**
 * A charge taken for a request (in the charge's transaction): one request of the model, the
 * credits charged and, for an account, its first activity of the day.
 */
export async function rollupCharge(
  trx: Transaction<Database>,
  userId: number | null,
  model: string | null,
  cost: number,
  viaApiKey = false,
): Promise<void> {
  const day = utcDay();
  // Every counter in one statement (one round trip in the charge's transaction).
  const rows: Array<{ day: string; metric: Metric; dim: string; n: number }> = [{ day, metric: METRIC.requests, dim: model ?? '', n: 1 }];
  if (cost !== 0) rows.push({ day, metric: METRIC.creditsCharged, dim: '', n: cost });
  if (viaApiKey) {
    rows.push({ day, metric: METRIC.apiRequests, dim: model ?? '', n: 1 });
    if (cost !== 0) rows.push({ day, metric: METRIC.apiCreditsCharged, dim: '', n: cost });
  }
  await trx
    .insertInto('daily_rollups')
    .values(rows)
    .onConflict((oc) => oc.columns(['day', 'metric', 'dim']).doUpdateSet({ n: sql`daily_rollups.n + excluded.n` }))
    .execute();
  if (userId == null) return;
  const first = await trx
    .insertInto('daily_active_accounts')
    .values({ day, user_id: userId })
    .onConflict((oc) => oc.columns(['day', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (first) await bump(trx, METRIC.activeAccounts, '', 1, day);
}

/** Credits given back (in the refund's transaction). */
export function rollupRefund(trx: Transaction<Database>, amount: number): Promise<void> {
  return bump(trx, METRIC.creditsRefunded, '', amount);
}

/** A reply that failed, by provider and kind. */
export function rollupFailedReply(db: Executor, provider: string, kind: string): Promise<void> {
  return bump(db, METRIC.failedReplies, failureDim(provider, kind), 1);
}

/**
 * Rewrites today's subscription snapshot from the accounts' current plans and the latest paid
 * invoice of each account's current subscription (its amount per month), in the caller's transaction.
 */
export async function snapshotSubscriptions(trx: Executor, day = utcDay()): Promise<void> {
  const live = ['active', 'canceled'];
  const plans = await trx
    .selectFrom('users')
    .select(['subscription_tier as plan', sql<number>`count(*)`.as('n')])
    .where('subscription_tier', 'in', [...PAID_PLANS])
    .where('subscription_status', 'in', live)
    .groupBy('subscription_tier')
    .execute();
  const latest = sql<string>`(select max(p2.paid_at) from paid_invoices p2 where p2.subscription_id = paid_invoices.subscription_id)`;
  const mrr = await trx
    .selectFrom('users')
    .innerJoin('paid_invoices', 'paid_invoices.subscription_id', 'users.stripe_subscription_id')
    .select(['paid_invoices.currency', sql<number>`sum(paid_invoices.monthly_amount)`.as('n')])
    .where('users.subscription_tier', 'in', [...PAID_PLANS])
    .where('users.subscription_status', 'in', live)
    .where('paid_invoices.paid_at', '=', latest)
    .groupBy('paid_invoices.currency')
    .execute();
  for (const plan of PAID_PLANS) await put(trx, METRIC.subscriptions, plan, Number(plans.find((p) => p.plan === plan)?.n ?? 0), day);
  const earlier = await trx.selectFrom('daily_rollups').select('dim').where('day', '=', day).where('metric', '=', METRIC.mrr).execute();
  const currencies = [...new Set([...earlier.map((r) => r.dim), ...mrr.map((r) => r.currency)])].sort();
  for (const currency of currencies) {
    await put(trx, METRIC.mrr, currency, Number(mrr.find((r) => r.currency === currency)?.n ?? 0), day);
  }
}

/** A paid invoice as the webhook read it. */
export interface PaidInvoice {
  invoiceId: string;
  userId: number;
  subscriptionId: string | null;
  plan: string;
  amountPaid: number;
  currency: string;
  monthlyAmount: number;
  periodStart: number | null;
  periodEnd: number | null;
  paidAt: string;
}

const isoOf = (unix: number | null) => (unix == null ? null : new Date(unix * 1000).toISOString());

/**
 * Stores a paid invoice once (invoice.paid and invoice.payment_succeeded both name it) and adds
 * its amount to the day's revenue. Returns whether it was new.
 */
export async function recordPaidInvoice(trx: Executor, inv: PaidInvoice): Promise<boolean> {
  const row = await trx
    .insertInto('paid_invoices')
    .values({
      invoice_id: inv.invoiceId,
      user_id: inv.userId,
      subscription_id: inv.subscriptionId,
      plan: inv.plan,
      amount_paid: inv.amountPaid,
      currency: inv.currency,
      monthly_amount: inv.monthlyAmount,
      period_start: isoOf(inv.periodStart),
      period_end: isoOf(inv.periodEnd),
      paid_at: inv.paidAt,
    })
    .onConflict((oc) => oc.column('invoice_id').doNothing())
    .returning('invoice_id')
    .executeTakeFirst();
  if (!row) return false;
  await bump(trx, METRIC.revenue, inv.currency, inv.amountPaid, utcDay(inv.paidAt));
  return true;
}

const DAY_SECONDS = 86_400;
const MONTH_DAYS = 365.25 / 12;

/**
 * A plan line's amount per month: a period of about N calendar months (a month is 28 to 31 days,
 * a year 365 or 366) is divided by N; any other length is scaled to an average month.
 */
export function monthlyAmount(amount: number, periodStart: number | null, periodEnd: number | null): number {
  if (periodStart == null || periodEnd == null || periodEnd <= periodStart) return amount;
  const months = (periodEnd - periodStart) / DAY_SECONDS / MONTH_DAYS;
  const whole = Math.round(months);
  return Math.round(whole >= 1 && Math.abs(months - whole) <= 0.1 ? amount / whole : amount / months);
}

/**
 * Counts a failed reply where a reply ends in failure; a database error here is logged and never
 * hides the reply's own failure from its caller.
 */
export async function noteFailedReply(
  db: Executor,
  log: { error(obj: object, msg: string): void },
  provider: string,
  kind: string,
): Promise<void> {
  try {
    await rollupFailedReply(db, provider, kind);
  } catch (err) {
    log.error({ err, provider, kind }, 'counting a failed reply failed');
  }
}
