import type Stripe from 'stripe';
import { type BillingSettings, tierForPrice } from './stripe-client.js';
import type { PlanPeriod } from './service.js';
import { idOf, isLive, scheduledEnd, subscriptionPeriod, subscriptionPriceId } from './stripe-shapes.js';

/**
 * The paid period a live subscription gives an account, or null when it gives none (not live,
 * not one of our prices, no period). An invoice line may name the period and price instead.
 */
export function planPeriodOf(
  settings: BillingSettings,
  sub: Stripe.Subscription,
  userId: number,
  line?: { priceId: string | null; start: number; end: number } | null,
): PlanPeriod | null {
  if (!isLive(sub)) return null;
  const current = subscriptionPeriod(sub);
  const start = line?.start ?? current?.start;
  const end = line?.end ?? current?.end;
  const tier = tierForPrice(settings, line?.priceId ?? subscriptionPriceId(sub)) ?? tierForPrice(settings, subscriptionPriceId(sub));
  if (!tier || start == null || end == null) return null;
  return {
    userId,
    tier,
    subscriptionId: sub.id,
    customerId: idOf(sub.customer),
    periodStart: start,
    periodEnd: end,
    endsAt: scheduledEnd(sub, current?.end ?? end),
  };
}

/** Reads a subscription's current state from Stripe; a vanished one falls back to what the event carried. */
export async function retrieveSubscription(
  stripe: Stripe,
  id: string,
  fallback?: Stripe.Subscription,
): Promise<Stripe.Subscription | null> {
  try {
    return await stripe.subscriptions.retrieve(id);
  } catch (err) {
    const e = err as { statusCode?: number; code?: string };
    if (e.statusCode === 404 || e.code === 'resource_missing') return fallback ?? null;
    throw err;
  }
}

/**
 * Stops a subscription another one replaced (an upgrade bought through a new checkout), so the
 * customer is not billed twice. Unused time is credited by Stripe's proration.
 */
export async function cancelReplacedSubscription(stripe: Stripe, id: string): Promise<void> {
  const sub = await retrieveSubscription(stripe, id);
  if (!sub || !isLive(sub)) return;
  await stripe.subscriptions.cancel(id, { prorate: true }, { idempotencyKey: `ensemble-replace-${id}` });
}
