import type { Transaction } from 'kysely';
import type Stripe from 'stripe';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import { monthlyAmount, recordPaidInvoice, snapshotSubscriptions } from '../rollups/rollups.js';
import { planPeriodOf, retrieveSubscription } from './plan-from-stripe.js';
import { type BillingSettings, tierForPrice } from './stripe-client.js';
import { applyPlanForPeriod, claimOnce, endPlan, findBillingAccount, updateSubscriptionState } from './service.js';
import {
  idOf,
  invoicePlanLine,
  invoiceSubscriptionId,
  isEnded,
  isLive,
  metadataUserId,
  scheduledEnd,
  subscriptionPeriod,
  subscriptionPriceId,
} from './stripe-shapes.js';

type Effect = (trx: Transaction<Database>) => Promise<string | null>;

/** What handling an event did; `replacedSubscriptionId` is an older subscription to stop at Stripe. */
export interface EventOutcome {
  handled: 'applied' | 'duplicate' | 'ignored';
  replacedSubscriptionId: string | null;
}

/**
 * Handles one verified Stripe event exactly once: Stripe is read first (outside any transaction),
 * then the event id is recorded in billing_events in the same transaction as its effects, so a
 * redelivery (even a concurrent one) finds it and changes nothing.
 */
export async function handleStripeEvent(
  db: Db,
  settings: BillingSettings & { stripe: Stripe },
  event: Stripe.Event,
): Promise<EventOutcome> {
  const seen = await db.kysely.selectFrom('billing_events').select('event_id').where('event_id', '=', event.id).executeTakeFirst();
  if (seen) return { handled: 'duplicate', replacedSubscriptionId: null };
  const effect = await prepareEffect(settings, event);
  if (!effect) return { handled: 'ignored', replacedSubscriptionId: null };
  return db.kysely.transaction().execute(async (trx) => {
    if (!(await claimOnce(trx, event.id, event.type))) return { handled: 'duplicate' as const, replacedSubscriptionId: null };
    return { handled: 'applied' as const, replacedSubscriptionId: await effect(trx) };
  });
}

/** Reads what the event needs from Stripe and returns its database effect; null for events we ignore. */
async function prepareEffect(settings: BillingSettings & { stripe: Stripe }, event: Stripe.Event): Promise<Effect | null> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutCompleted(settings, event.data.object);
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      return invoicePaid(settings, event.data.object);
    case 'customer.subscription.updated':
      return subscriptionUpdated(settings, event.data.object);
    case 'customer.subscription.deleted':
      return subscriptionDeleted(event.data.object);
    default:
      return null;
  }
}

async function checkoutCompleted(settings: BillingSettings & { stripe: Stripe }, session: Stripe.Checkout.Session): Promise<Effect | null> {
  const paid = session.status === 'complete' || session.payment_status === 'paid';
  const subscriptionId = idOf(session.subscription);
  const userId = metadataUserId({ user_id: session.client_reference_id ?? '' }) ?? metadataUserId(session.metadata);
  if (session.mode !== 'subscription' || !paid || !subscriptionId || userId == null) return null;
  const sub = await retrieveSubscription(settings.stripe, subscriptionId);
  if (!sub) return null;
  const customerId = idOf(session.customer);
  return async (trx) => {
    const account = await findBillingAccount(trx, { customerId, userId });
    // The session's reference and its customer must name the same account.
    if (!account || account.id !== userId) return null;
    const period = planPeriodOf(settings, sub, account.id);
    if (!period) return null;
    return (await applyPlanForPeriod(trx, { ...period, customerId })).replacedSubscriptionId;
  };
}

async function invoicePaid(settings: BillingSettings & { stripe: Stripe }, invoice: Stripe.Invoice): Promise<Effect | null> {
  const subscriptionId = invoiceSubscriptionId(invoice);
  const line = invoicePlanLine(invoice);
  if (!subscriptionId || !line) return null;
  const sub = await retrieveSubscription(settings.stripe, subscriptionId);
  if (!sub) return null;
  const customerId = idOf(invoice.customer);
  const userHint = metadataUserId(sub.metadata) ?? metadataUserId(invoice.parent?.subscription_details?.metadata);
  const paid = paidInvoice(settings, invoice, subscriptionId, line);
  return async (trx) => {
    const account = await findBillingAccount(trx, { customerId, userId: userHint });
    if (!account) return null;
    // Its amount is revenue whether or not the period is still current (a late event grants nothing).
    // A new amount changes the MRR snapshot even when the plan itself does not change.
    if (paid && (await recordPaidInvoice(trx, { ...paid, userId: account.id }))) await snapshotSubscriptions(trx);
    const period = planPeriodOf(settings, sub, account.id, line);
    if (!period) return null;
    return (await applyPlanForPeriod(trx, { ...period, customerId })).replacedSubscriptionId;
  };
}

/** An invoice's amount paid (minor units), currency, plan and amount per month, for the revenue figures. */
function paidInvoice(
  settings: BillingSettings,
  invoice: Stripe.Invoice,
  subscriptionId: string,
  line: NonNullable<ReturnType<typeof invoicePlanLine>>,
) {
  if (!invoice.id || typeof invoice.amount_paid !== 'number' || !invoice.currency) return null;
  const paidAt = invoice.status_transitions?.paid_at;
  return {
    invoiceId: invoice.id,
    subscriptionId,
    plan: tierForPrice(settings, line.priceId) ?? 'other',
    amountPaid: invoice.amount_paid,
    currency: invoice.currency.toLowerCase(),
    // The plan line's own amount (not a proration's) spread over its period, else the amount paid.
    monthlyAmount: monthlyAmount(line.amount ?? invoice.amount_paid, line.start, line.end),
    periodStart: line.start,
    periodEnd: line.end,
    paidAt: new Date(typeof paidAt === 'number' ? paidAt * 1000 : Date.now()).toISOString(),
  };
}

async function subscriptionUpdated(settings: BillingSettings & { stripe: Stripe }, payload: Stripe.Subscription): Promise<Effect | null> {
  // Events may arrive out of order: act on the subscription's current state, not the payload's.
  const sub = await retrieveSubscription(settings.stripe, payload.id, payload);
  if (!sub) return null;
  const customerId = idOf(sub.customer);
  const userHint = metadataUserId(sub.metadata);
  return async (trx) => {
    const account = await findBillingAccount(trx, { customerId, userId: userHint });
    if (!account) return null;
    if (account.stripe_subscription_id === sub.id) {
      if (isEnded(sub)) {
        await endPlan(trx, account.id, { subscriptionId: sub.id });
        return null;
      }
      const tier = tierForPrice(settings, subscriptionPriceId(sub));
      const period = subscriptionPeriod(sub);
      if (isLive(sub) && tier && period) {
        await updateSubscriptionState(trx, account.id, sub.id, { tier, periodEnd: period.end, endsAt: scheduledEnd(sub, period.end) });
      }
      return null;
    }
    // An account with no subscription yet learns of its first one here if this event beats the others.
    if (account.stripe_subscription_id == null) {
      const period = planPeriodOf(settings, sub, account.id);
      if (period) await applyPlanForPeriod(trx, period);
    }
    return null;
  };
}

async function subscriptionDeleted(sub: Stripe.Subscription): Promise<Effect> {
  const customerId = idOf(sub.customer);
  const userHint = metadataUserId(sub.metadata);
  return async (trx) => {
    const account = await findBillingAccount(trx, { customerId, userId: userHint });
    if (account) await endPlan(trx, account.id, { subscriptionId: sub.id });
    return null;
  };
}
