import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONFIG_PATHS, MESSAGES, SUBSCRIPTION_PATHS } from '@ensemble/shared';
import { signInNewAccount } from '../../test/account-factory.js';
import { createTestApp } from '../../test/app-factory.js';
import {
  type BillingHarness,
  PRICE_PREMIUM,
  PRICE_PRO,
  account,
  buyPlan,
  newAccount,
  postWebhook,
  startBillingHarness,
} from './billing-test-kit.js';
import { eventObject } from '../../test/fakes/stripe.js';

describe('POST create-checkout-session.php', () => {
  let h: BillingHarness;
  beforeEach(async () => {
    h = await startBillingHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('creates the Stripe customer once and reuses it on the next checkout', async () => {
    const { client, userId } = await newAccount(h);
    const first = await client.post(SUBSCRIPTION_PATHS.checkout, { priceId: PRICE_PRO });
    expect(first.statusCode).toBe(200);
    expect(first.data.id).toMatch(/^cs_/);
    expect(first.data.url).toBe(`${h.stripe.url}/checkout/${first.data.id}`);
    const second = await client.post(SUBSCRIPTION_PATHS.checkout, { priceId: PRICE_PREMIUM });
    expect(second.statusCode).toBe(200);

    expect(h.stripe.requestsTo('POST', '/v1/customers')).toHaveLength(1);
    expect(h.stripe.customers.size).toBe(1);
    const [customerId] = [...h.stripe.customers.keys()];
    expect((await account(h, userId)).stripe_customer_id).toBe(customerId);
    const created = h.stripe.requestsTo('POST', '/v1/checkout/sessions');
    expect(created).toHaveLength(2);
    for (const r of created) {
      expect(r.body.customer).toBe(customerId);
      expect(r.body.mode).toBe('subscription');
      expect(r.body.client_reference_id).toBe(String(userId));
      expect(r.idempotencyKey).toBeTruthy();
    }
    expect(created[0].body.line_items).toEqual([{ price: PRICE_PRO, quantity: '1' }]);
    expect(created[0].body.metadata).toEqual({ user_id: String(userId), tier: 'pro' });
    expect(created[1].body.metadata).toEqual({ user_id: String(userId), tier: 'premium' });
    expect(h.stripe.requestsTo('POST', '/v1/customers')[0].idempotencyKey).toBeTruthy();
  });

  it('makes one customer when two first checkouts race', async () => {
    const { client, userId } = await newAccount(h);
    const answers = await Promise.all([
      client.post(SUBSCRIPTION_PATHS.checkout, { priceId: PRICE_PRO }),
      client.post(SUBSCRIPTION_PATHS.checkout, { priceId: PRICE_PRO }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(h.stripe.customers.size).toBe(1);
    expect((await account(h, userId)).stripe_customer_id).toBe([...h.stripe.customers.keys()][0]);
  });

  it('refuses a price that is not one of our plans', async () => {
    const { client } = await newAccount(h);
    for (const body of [{ priceId: 'price_somebody_elses' }, { priceId: '' }, {}]) {
      const res = await client.post(SUBSCRIPTION_PATHS.checkout, body);
      expect(res.statusCode).toBe(400);
      expect(res.data.message).toBe(MESSAGES.invalidTier);
    }
    expect(h.stripe.requests).toHaveLength(0);
  });

  it('refuses guests', async () => {
    const guest = h.t.client();
    await guest.get('/api/auth/check_session.php');
    const res = await guest.post(SUBSCRIPTION_PATHS.checkout, { priceId: PRICE_PRO });
    expect(res.statusCode).toBe(401);
    expect(res.data.status).toBe('unauthorized');
    expect(h.stripe.requests).toHaveLength(0);
  });

  it('refuses the plan the account already has, and a lower one, but allows an upgrade', async () => {
    const { client } = await newAccount(h);
    const { sessionId } = await buyPlan(h, client, PRICE_PREMIUM);
    expect((await client.post(SUBSCRIPTION_PATHS.verify, { session_id: sessionId })).statusCode).toBe(200);

    const again = await client.post(SUBSCRIPTION_PATHS.checkout, { priceId: PRICE_PREMIUM });
    expect(again.statusCode).toBe(400);
    expect(again.data.message).toBe('You already have an active Premium plan.');
    const lower = await client.post(SUBSCRIPTION_PATHS.checkout, { priceId: PRICE_PRO });
    expect(lower.statusCode).toBe(400);
    expect(lower.data.message).toBe('Your Premium plan already includes more than Pro.');
    expect(h.stripe.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(1);
  });

  it('answers 502 with the spec text when Stripe fails', async () => {
    const { client, userId } = await newAccount(h);
    h.stripe.failNext(400);
    const res = await client.post(SUBSCRIPTION_PATHS.checkout, { priceId: PRICE_PRO });
    expect(res.statusCode).toBe(502);
    expect(res.data.message).toBe(MESSAGES.checkoutFailed);
    expect(res.body).not.toContain('Injected failure');
    expect((await account(h, userId)).stripe_customer_id).toBeNull();
  });

  it('upgrading replaces the old subscription: the account moves to Premium and the Pro one is cancelled at Stripe', async () => {
    const { client, userId } = await newAccount(h);
    const pro = await buyPlan(h, client, PRICE_PRO);
    expect((await client.post(SUBSCRIPTION_PATHS.verify, { session_id: pro.sessionId })).data.tier).toBe('pro');
    const premium = await buyPlan(h, client, PRICE_PREMIUM);
    const res = await postWebhook(h, eventObject('checkout.session.completed', premium.session));
    expect(res.statusCode).toBe(200);

    expect(await account(h, userId)).toMatchObject({
      subscription_tier: 'premium',
      credits: 5000,
      stripe_subscription_id: premium.subscription.id,
    });
    expect(h.stripe.subscriptions.get(pro.subscription.id)?.status).toBe('canceled');
    expect(h.stripe.subscriptions.get(premium.subscription.id)?.status).toBe('active');
    // The old subscription's own end changes nothing now.
    await postWebhook(h, eventObject('customer.subscription.deleted', h.stripe.subscriptions.get(pro.subscription.id)));
    expect(await account(h, userId)).toMatchObject({ subscription_tier: 'premium', credits: 5000 });
  });
});

describe('checkout return URLs', () => {
  it('are built from PUBLIC_ORIGIN, whatever Host the request claims', async () => {
    const h = await startBillingHarness({ PUBLIC_ORIGIN: 'https://ensemble.example' });
    try {
      const { client } = await newAccount(h);
      const res = await client.post(
        SUBSCRIPTION_PATHS.checkout,
        { priceId: PRICE_PRO },
        { host: 'evil.example', origin: 'https://ensemble.example', 'x-forwarded-host': 'evil.example' },
      );
      expect(res.statusCode).toBe(200);
      const [sent] = h.stripe.requestsTo('POST', '/v1/checkout/sessions');
      expect(sent.body.success_url).toBe('https://ensemble.example/prod/subscription/success?session_id={CHECKOUT_SESSION_ID}');
      expect(sent.body.cancel_url).toBe('https://ensemble.example/prod/subscription/cancel');
    } finally {
      await h.close();
    }
  });
});

describe('without Stripe keys', () => {
  it('checkout answers 503 with the not-configured text and get_config says payments are off', async () => {
    const t = await createTestApp({ STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '', STRIPE_PRICE_PRO: '', STRIPE_PRICE_PREMIUM: '' });
    try {
      const client = t.client();
      await signInNewAccount(t, client);
      const res = await client.post(SUBSCRIPTION_PATHS.checkout, { priceId: 'price_anything' });
      expect(res.statusCode).toBe(503);
      expect(res.data.message).toBe(MESSAGES.paymentsNotConfigured);
      const config = await client.get(CONFIG_PATHS.config);
      expect(config.data.paymentsEnabled).toBe(false);
      expect(config.data.subscriptionTiers.pro.credits).toBe(2000);
      const hook = await t.app.inject({
        method: 'POST',
        url: SUBSCRIPTION_PATHS.webhook,
        payload: '{}',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      });
      expect(hook.statusCode).toBe(503);
    } finally {
      await t.close();
    }
  });
});
