import type Stripe from 'stripe';
import { AppError, MESSAGES, PLANS, type VerifySessionResponse } from '@ensemble/shared';
import type { Db } from '../../db/connection.js';
import type { BillingSettings } from './stripe-client.js';
import { planPeriodOf } from './plan-from-stripe.js';
import { applyPlanForPeriod, readPlan } from './service.js';

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/**
 * Confirms a Checkout Session on the success page: it must be the caller's and paid; then the plan
 * is applied for the subscription's current period (once, whatever the webhook does).
 * Returns the replaced subscription, which the caller cancels at Stripe.
 */
export async function verifyCheckoutSession(
  db: Db,
  settings: BillingSettings & { stripe: Stripe },
  userId: number,
  sessionId: string,
): Promise<VerifySessionResponse & { replacedSubscriptionId: string | null }> {
  if (!sessionId) throw new AppError('bad_request', MESSAGES.noSessionId);
  if (!SESSION_ID.test(sessionId)) throw new AppError('bad_request', MESSAGES.invalidSessionId);
  const session = await stripeCall(() => settings.stripe.checkout.sessions.retrieve(sessionId), true);
  const user = await readPlan(db.kysely, userId);
  if (!sessionBelongsTo(session, user)) throw new AppError('forbidden', MESSAGES.invalidSessionId);
  const paid = session.status === 'complete' || session.payment_status === 'paid';
  const subscriptionRef = session.subscription;
  if (!paid || session.mode !== 'subscription' || !subscriptionRef) throw new AppError('bad_request', MESSAGES.verificationFailed);

  const subscription =
    typeof subscriptionRef === 'string'
      ? await stripeCall(() => settings.stripe.subscriptions.retrieve(subscriptionRef), false)
      : subscriptionRef;
  const period = planPeriodOf(settings, subscription, userId);
  let replacedSubscriptionId: string | null = null;
  if (period) {
    const result = await db.kysely.transaction().execute((trx) => applyPlanForPeriod(trx, period));
    replacedSubscriptionId = result.replacedSubscriptionId;
  }
  const after = await readPlan(db.kysely, userId);
  const tier = after.subscription_tier as VerifySessionResponse['tier'];
  if (tier !== 'pro' && tier !== 'premium') throw new AppError('bad_request', MESSAGES.verificationFailed);
  return {
    status: 'success',
    message: `Your ${PLANS[tier].name} subscription is active.`,
    tier,
    credits_remaining: after.credits,
    replacedSubscriptionId,
  };
}

/** Every identifier the session carries must name the caller, and at least one must be there. */
function sessionBelongsTo(session: Stripe.Checkout.Session, user: { id: number; stripe_customer_id: string | null }): boolean {
  const mine = String(user.id);
  const customer = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
  const claims = [
    session.client_reference_id == null ? null : session.client_reference_id === mine,
    session.metadata?.user_id == null ? null : session.metadata.user_id === mine,
    customer == null ? null : customer === user.stripe_customer_id,
  ].filter((c): c is boolean => c !== null);
  return claims.length > 0 && claims.every(Boolean);
}

async function stripeCall<T>(call: () => Promise<T>, isSessionLookup: boolean): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const e = err as { statusCode?: number; code?: string };
    if (isSessionLookup && (e.statusCode === 404 || e.code === 'resource_missing'))
      throw new AppError('bad_request', MESSAGES.invalidSessionId);
    throw Object.assign(new AppError('bad_gateway', MESSAGES.verifySubscriptionFailed), { cause: err });
  }
}
