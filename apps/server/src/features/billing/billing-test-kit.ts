import Stripe from 'stripe';
import { SUBSCRIPTION_PATHS } from '@ensemble/shared';
import { signInNewAccount } from '../../test/account-factory.js';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { type FakeStripe, startFakeStripe } from '../../test/fakes/stripe.js';

/** The Stripe settings every billing test runs with. */
export const PRICE_PRO = 'price_test_pro_monthly';
export const PRICE_PREMIUM = 'price_test_premium_monthly';
export const WEBHOOK_SECRET = 'whsec_test_ensemble_webhook_secret';

/** The app, with Stripe pointed at a fresh fake Stripe API. */
export interface BillingHarness {
  t: TestApp;
  stripe: FakeStripe;
  close(): Promise<void>;
}

/** Starts the fake Stripe API and the real app configured to use it. */
export async function startBillingHarness(env: Record<string, string> = {}): Promise<BillingHarness> {
  const stripe = await startFakeStripe();
  const t = await createTestApp({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_ensemble',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_PRO: PRICE_PRO,
    STRIPE_PRICE_PREMIUM: PRICE_PREMIUM,
    STRIPE_API_BASE: stripe.url,
    ...env,
  });
  return {
    t,
    stripe,
    async close() {
      await t.close();
      await stripe.close();
    },
  };
}

/** A signed-in account on a new client. */
export async function newAccount(h: BillingHarness, credits = 100): Promise<{ client: TestClient; userId: number }> {
  const client = h.t.client();
  const userId = await signInNewAccount(h.t, client, { credits });
  return { client, userId };
}

/** Starts a checkout and pays it on the fake's side; returns the session and its subscription. */
export async function buyPlan(h: BillingHarness, client: TestClient, priceId: string) {
  const res = await client.post(SUBSCRIPTION_PATHS.checkout, { priceId });
  if (res.statusCode !== 200) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  const paid = h.stripe.completeSession(res.data.id);
  return { sessionId: res.data.id as string, session: paid.session, subscription: paid.subscription };
}

/** Posts a Stripe event to the webhook as Stripe would, signed by the SDK's test helper. */
export async function postWebhook(
  h: BillingHarness,
  event: unknown,
  options: { secret?: string; timestamp?: number; body?: string; signature?: string | null } = {},
) {
  const payload = JSON.stringify(event);
  const signature =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp })
      : options.signature;
  return h.t.app.inject({
    method: 'POST',
    url: SUBSCRIPTION_PATHS.webhook,
    payload: options.body ?? payload,
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature === null ? {} : { 'stripe-signature': signature }) },
  });
}

/** The account's plan fields and balance as stored. */
export async function account(h: BillingHarness, userId: number) {
  return h.t.ctx.db.kysely
    .selectFrom('users')
    .select([
      'credits',
      'subscription_tier',
      'subscription_status',
      'subscription_end_date',
      'stripe_customer_id',
      'stripe_subscription_id',
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The plan grants recorded in the account's credit ledger. */
export async function grants(h: BillingHarness, userId: number) {
  return h.t.ctx.db.kysely
    .selectFrom('credit_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .where('reason', '=', 'plan_grant')
    .execute();
}
