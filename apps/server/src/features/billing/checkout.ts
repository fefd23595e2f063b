import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import { AppError, MESSAGES, PLANS, TIERS, type CheckoutResponse } from '@ensemble/shared';
import type { Db } from '../../db/connection.js';
import { type BillingSettings, tierForPrice } from './stripe-client.js';
import { readPlan, settleExpiredPlan } from './service.js';

// Double clicks within this window get the same Checkout Session back from Stripe.
const CHECKOUT_IDEMPOTENCY_WINDOW_MS = 5 * 60 * 1000;

/**
 * Starts a Stripe Checkout for a paid plan: the account's Stripe customer (made once), then a
 * subscription-mode Checkout Session whose return URLs are built from our public origin.
 */
export async function createCheckout(
  db: Db,
  settings: BillingSettings & { stripe: Stripe },
  origin: string,
  userId: number,
  priceId: string,
): Promise<CheckoutResponse> {
  const tier = tierForPrice(settings, priceId);
  if (!tier) throw new AppError('bad_request', MESSAGES.invalidTier);
  await settleExpiredPlan(db, userId);
  const user = await readPlan(db.kysely, userId);
  if (user.subscription_status === 'active') {
    const current = TIERS.indexOf(user.subscription_tier as (typeof TIERS)[number]);
    const wanted = TIERS.indexOf(tier);
    if (current === wanted) throw new AppError('bad_request', `You already have an active ${PLANS[tier].name} plan.`);
    if (current > wanted)
      throw new AppError(
        'bad_request',
        `Your ${PLANS[user.subscription_tier as 'premium'].name} plan already includes more than ${PLANS[tier].name}.`,
      );
  }
  // Idempotency keys live per Stripe account for 24 hours; the account's creation time and our
  // origin keep keys apart between databases or deployments sharing one Stripe account.
  const accountKey = createHash('sha256').update(`${origin}|${userId}|${user.created_at}|${user.email}`).digest('hex').slice(0, 24);
  try {
    const customer = user.stripe_customer_id ?? (await ensureCustomer(db, settings.stripe, user, accountKey));
    const bucket = Math.floor(Date.now() / CHECKOUT_IDEMPOTENCY_WINDOW_MS);
    const session = await settings.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer,
        line_items: [{ price: priceId, quantity: 1 }],
        client_reference_id: String(userId),
        metadata: { user_id: String(userId), tier },
        subscription_data: { metadata: { user_id: String(userId), tier } },
        success_url: `${origin}/prod/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}/prod/subscription/cancel`,
      },
      { idempotencyKey: `ensemble-checkout-${accountKey}-${tier}-${bucket}` },
    );
    if (!session.url) throw new Error('Stripe returned a Checkout Session without a url');
    return { id: session.id, url: session.url };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw Object.assign(new AppError('bad_gateway', MESSAGES.checkoutFailed), { cause: err });
  }
}

/**
 * Creates the account's Stripe customer and stores it. The idempotency key is derived from the
 * account, so two concurrent first checkouts get the same customer from Stripe; the conditional
 * update keeps whichever id was stored first.
 */
async function ensureCustomer(
  db: Db,
  stripe: Stripe,
  user: { id: number; email: string; username: string },
  accountKey: string,
): Promise<string> {
  const customer = await stripe.customers.create(
    { email: user.email, name: user.username, metadata: { user_id: String(user.id) } },
    { idempotencyKey: `ensemble-customer-${accountKey}` },
  );
  await db.kysely
    .updateTable('users')
    .set({ stripe_customer_id: customer.id })
    .where('id', '=', user.id)
    .where('stripe_customer_id', 'is', null)
    .execute();
  const stored = await db.kysely.selectFrom('users').select('stripe_customer_id').where('id', '=', user.id).executeTakeFirstOrThrow();
  return stored.stripe_customer_id ?? customer.id;
}
