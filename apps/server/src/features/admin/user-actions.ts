import { AppError, PLANS_WITH_CAPS } from '@ensemble/shared';
import type Stripe from 'stripe';
import { type Db, now } from '../../db/connection.js';
import { recordActivity } from '../auth/account-service.js';
import { scheduledEnd, subscriptionPeriod } from '../billing/stripe-shapes.js';
import { revokeSessions } from '../session/revocation.js';
import { writeAudit } from './audit.js';
import type { Operator } from './operator-guard.js';

const NO_USER = 'No account with this id';

/**
 * Grants (amount > 0) or deducts (amount < 0) credits in one conditional update with its ledger
 * row and audit entry; a deduction never takes the balance below 0 (409 instead).
 */
export async function adjustCredits(db: Db, operator: Operator, userId: number, amount: number, reason: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirst();
    if (!before) throw new AppError('not_found', NO_USER);
    let q = trx
      .updateTable('users')
      .set((eb) => ({ credits: eb('credits', '+', amount), updated_at: now() }))
      .where('id', '=', userId);
    if (amount < 0) q = q.where('credits', '>=', -amount);
    const updated = await q.returning('credits').executeTakeFirst();
    if (!updated)
      throw new AppError('conflict', `The balance is ${before.credits} credits; you can deduct at most ${before.credits}.`, {
        credits: before.credits,
      });
    await trx
      .insertInto('credit_ledger')
      .values({
        user_id: userId,
        guest_id: null,
        delta: amount,
        balance_after: updated.credits,
        reason: amount > 0 ? 'admin_grant' : 'admin_deduct',
        model: null,
        reference: `${operator.email}: ${reason}`.slice(0, 600),
        created_at: now(),
      })
      .execute();
    await writeAudit(trx, operator, {
      action: amount > 0 ? 'grant_credits' : 'deduct_credits',
      target: `user:${userId}`,
      reason,
      before: { credits: before.credits },
      after: { credits: updated.credits },
    });
  });
}

/**
 * Suspends (every session ends at once, its next request told why; no sign-in, no spending) or lifts
 * a suspension. The caller then cuts the account's running replies (ChatStreams.revoke).
 */
export async function setSuspended(db: Db, operator: Operator, userId: number, suspended: boolean, reason: string): Promise<void> {
  if (suspended && userId === operator.id) throw new AppError('bad_request', 'You cannot suspend your own account.');
  await db.kysely.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('users').select('suspended_at').where('id', '=', userId).executeTakeFirst();
    if (!before) throw new AppError('not_found', NO_USER);
    const at = suspended ? (before.suspended_at ?? now()) : null;
    await trx.updateTable('users').set({ suspended_at: at, updated_at: now() }).where('id', '=', userId).execute();
    // Its sessions stay, marked, so each one's next request is told why; lifting it ends them for good.
    if (suspended) await revokeSessions(trx, { kind: 'account', userId }, 'suspended');
    else await trx.deleteFrom('sessions').where('user_id', '=', userId).where('revoked', 'is not', null).execute();
    await recordActivity(
      trx,
      userId,
      suspended ? 'suspended' : 'unsuspended',
      suspended ? 'Account suspended by an operator' : 'Suspension lifted',
    );
    await writeAudit(trx, operator, {
      action: suspended ? 'suspend' : 'unsuspend',
      target: `user:${userId}`,
      reason,
      before: { suspended_at: before.suspended_at },
      after: { suspended_at: at },
    });
  });
}

/** Records that an operator had a password reset mailed to an account. */
export async function auditResetMail(db: Db, operator: Operator, userId: number, reason: string): Promise<void> {
  await writeAudit(db.kysely, operator, { action: 'send_password_reset', target: `user:${userId}`, reason, before: null, after: null });
}

/**
 * Asks Stripe to stop the account's subscription at its period end, then records the scheduled
 * end on the account (the webhook would say the same) and in the audit log.
 */
export async function cancelAtPeriodEnd(db: Db, stripe: Stripe | null, operator: Operator, userId: number, reason: string): Promise<void> {
  const u = await db.kysely
    .selectFrom('users')
    .select(['stripe_subscription_id', 'subscription_status', 'subscription_end_date'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!u) throw new AppError('not_found', NO_USER);
  if (!u.stripe_subscription_id) throw new AppError('conflict', 'This account has no subscription to cancel.');
  if (!stripe) throw new AppError('unavailable', 'Payments are not configured on this server.');
  let sub: Stripe.Subscription;
  try {
    sub = await stripe.subscriptions.update(u.stripe_subscription_id, { cancel_at_period_end: true });
  } catch {
    throw new AppError('bad_gateway', 'Stripe did not accept the cancellation. Please try again.');
  }
  const period = subscriptionPeriod(sub);
  const endsAt = period ? scheduledEnd(sub, period.end) : null;
  const endDate = endsAt ? new Date(endsAt * 1000).toISOString() : u.subscription_end_date;
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ subscription_status: 'canceled', subscription_end_date: endDate, updated_at: now() })
      .where('id', '=', userId)
      .where('stripe_subscription_id', '=', sub.id)
      .execute();
    await recordActivity(trx, userId, 'subscription_cancel', 'Subscription set to end at the period end by an operator');
    await writeAudit(trx, operator, {
      action: 'cancel_subscription',
      target: `user:${userId}`,
      reason,
      before: { subscription_status: u.subscription_status, subscription_end_date: u.subscription_end_date },
      after: { subscription_status: 'canceled', subscription_end_date: endDate },
    });
  });
}

/** The daily cap of every plan that can have one (null = no cap). */
export async function listDailyCaps(db: Db): Promise<Array<{ plan: (typeof PLANS_WITH_CAPS)[number]; daily_cap: number | null }>> {
  const rows = await db.kysely.selectFrom('plan_daily_caps').select(['plan', 'daily_cap']).execute();
  return PLANS_WITH_CAPS.map((plan) => ({ plan, daily_cap: rows.find((r) => r.plan === plan)?.daily_cap ?? null }));
}

/** Sets or clears a plan's daily cap, with its audit entry. */
export async function setDailyCap(db: Db, operator: Operator, plan: string, cap: number | null, reason: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('plan_daily_caps').select('daily_cap').where('plan', '=', plan).executeTakeFirst();
    if (cap === null) await trx.deleteFrom('plan_daily_caps').where('plan', '=', plan).execute();
    else
      await trx
        .insertInto('plan_daily_caps')
        .values({ plan, daily_cap: cap, updated_at: now() })
        .onConflict((oc) => oc.column('plan').doUpdateSet({ daily_cap: cap, updated_at: now() }))
        .execute();
    await writeAudit(trx, operator, {
      action: 'set_daily_cap',
      target: `plan:${plan}`,
      reason,
      before: { daily_cap: before?.daily_cap ?? null },
      after: { daily_cap: cap },
    });
  });
}
