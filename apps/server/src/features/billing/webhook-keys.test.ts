import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventObject } from '../../test/fakes/stripe.js';
import { type BillingHarness, postWebhook, startBillingHarness } from './billing-test-kit.js';

describe('webhook with only STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET', () => {
  let h: BillingHarness;
  beforeAll(async () => {
    h = await startBillingHarness({ STRIPE_PUBLISHABLE_KEY: '', STRIPE_PRICE_PRO: '', STRIPE_PRICE_PREMIUM: '' });
  });
  afterAll(async () => h?.close());

  it('accepts a signed event (before: 503 unless STRIPE_PUBLISHABLE_KEY was set) and still refuses a bad signature', async () => {
    const event = eventObject('customer.created', { id: 'cus_keys_only', object: 'customer' });
    const res = await postWebhook(h, event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const bad = await postWebhook(h, event, { secret: 'whsec_not_ours' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 'error', message: 'Invalid webhook signature' });
  });

  it('answers 503 when the webhook secret itself is missing', async () => {
    const bare = await startBillingHarness({ STRIPE_WEBHOOK_SECRET: '' });
    try {
      const res = await postWebhook(bare, eventObject('customer.created', { id: 'cus_x', object: 'customer' }));
      expect(res.statusCode).toBe(503);
    } finally {
      await bare.close();
    }
  });
});
