import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_PATHS } from '@ensemble/shared';
import { eventObject } from '../../test/fakes/stripe.js';
import {
  type BillingHarness,
  PRICE_PREMIUM,
  PRICE_PRO,
  account,
  buyPlan,
  grants,
  newAccount,
  postWebhook,
  startBillingHarness,
} from './billing-test-kit.js';
import { settleExpiredPlan } from './service.js';

describe('POST webhook.php', () => {
  let h: BillingHarness;
  beforeEach(async () => {
    h = await startBillingHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  async function proAccount(credits = 100) {
    const { client, userId } = await newAccount(h, credits);
    const bought = await buyPlan(h, client, PRICE_PRO);
    return { client, userId, ...bought };
  }

  it('checkout.session.completed applies the plan from the session', async () => {
    const { userId, session, subscription } = await proAccount();
    const res = await postWebhook(h, eventObject('checkout.session.completed', session));
    expect(res.statusCode).toBe(200);
    expect(await account(h, userId)).toMatchObject({
      credits: 2000,
      subscription_tier: 'pro',
      subscription_status: 'active',
      stripe_subscription_id: subscription.id,
    });
  });

  it('refuses a missing or wrong signature, a changed body and a stale timestamp, changing nothing', async () => {
    const { userId, session } = await proAccount();
    const event = eventObject('checkout.session.completed', session);
    const tampered = JSON.stringify(
      eventObject('checkout.session.completed', { ...session, client_reference_id: '999' }, event.id as string),
    );
    const attempts = [
      await postWebhook(h, event, { signature: null }),
      await postWebhook(h, event, { secret: 'whsec_not_ours' }),
      await postWebhook(h, event, { body: tampered }),
      await postWebhook(h, event, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      await postWebhook(h, event, { signature: 'garbage' }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid webhook signature');
    }
    expect(await account(h, userId)).toMatchObject({ credits: 100, subscription_tier: 'free', subscription_status: 'none' });
    expect(await h.t.ctx.db.kysely.selectFrom('billing_events').selectAll().execute()).toHaveLength(0);
    // The same event, properly signed, is still handled afterwards.
    expect((await postWebhook(h, event)).statusCode).toBe(200);
    expect((await account(h, userId)).subscription_tier).toBe('pro');
  });

  it('the same event delivered five times at once grants once', async () => {
    const { userId, session } = await proAccount();
    const event = eventObject('checkout.session.completed', session);
    const answers = await Promise.all(Array.from({ length: 5 }, () => postWebhook(h, event)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await grants(h, userId)).toHaveLength(1);
    const activities = await h.t.ctx.db.kysely.selectFrom('activities').select('description').where('user_id', '=', userId).execute();
    expect(activities).toEqual([{ description: 'Subscribed to Pro' }]);
  });

  it('invoice.paid before checkout.session.completed: one grant and the right final state', async () => {
    const { userId, session, subscription } = await proAccount(40);
    const invoice = h.stripe.invoiceFor(subscription.id);
    expect((await postWebhook(h, eventObject('invoice.paid', invoice))).statusCode).toBe(200);
    expect(await account(h, userId)).toMatchObject({ credits: 2000, subscription_tier: 'pro', subscription_status: 'active' });
    await h.t.ctx.db.kysely.updateTable('users').set({ credits: 1990 }).where('id', '=', userId).execute();
    expect((await postWebhook(h, eventObject('checkout.session.completed', session))).statusCode).toBe(200);
    expect(await grants(h, userId)).toHaveLength(1);
    const periodEnd = subscription.items.data[0].current_period_end as number;
    expect(await account(h, userId)).toMatchObject({
      credits: 1990,
      subscription_tier: 'pro',
      subscription_status: 'active',
      subscription_end_date: new Date(periodEnd * 1000).toISOString(),
      stripe_subscription_id: subscription.id,
    });
  });

  it("the next period's invoice.paid resets the balance to the allowance after spending", async () => {
    const { client, userId, sessionId, subscription } = await proAccount();
    await client.post(SUBSCRIPTION_PATHS.verify, { session_id: sessionId });
    await h.t.ctx.db.kysely.updateTable('users').set({ credits: 123 }).where('id', '=', userId).execute();
    const renewal = h.stripe.renewSubscription(subscription.id);
    expect((await postWebhook(h, eventObject('invoice.paid', renewal))).statusCode).toBe(200);
    const nextEnd = h.stripe.subscriptions.get(subscription.id)?.items.data[0].current_period_end as number;
    expect(await account(h, userId)).toMatchObject({
      credits: 2000,
      subscription_status: 'active',
      subscription_end_date: new Date(nextEnd * 1000).toISOString(),
    });
    expect(await grants(h, userId)).toHaveLength(2);
    // The same renewal again (a new event id for the same period) grants nothing more.
    await h.t.ctx.db.kysely.updateTable('users').set({ credits: 1999 }).where('id', '=', userId).execute();
    await postWebhook(h, eventObject('invoice.paid', renewal));
    expect((await account(h, userId)).credits).toBe(1999);
  });

  it('reads the tier from the price on the invoice line', async () => {
    const { userId, subscription } = await proAccount();
    const invoice = h.stripe.invoiceFor(subscription.id);
    invoice.lines.data[0].pricing.price_details.price = PRICE_PREMIUM;
    expect((await postWebhook(h, eventObject('invoice.paid', invoice))).statusCode).toBe(200);
    expect(await account(h, userId)).toMatchObject({ credits: 5000, subscription_tier: 'premium' });
    expect((await grants(h, userId))[0]).toMatchObject({ delta: 4900, balance_after: 5000 });
  });

  it('customer.subscription.updated with cancel_at_period_end: canceled with the period end as end date, still on Pro', async () => {
    const { client, userId, sessionId, subscription } = await proAccount();
    await client.post(SUBSCRIPTION_PATHS.verify, { session_id: sessionId });
    const updated = h.stripe.updateSubscription(subscription.id, { cancel_at_period_end: true });
    expect((await postWebhook(h, eventObject('customer.subscription.updated', updated))).statusCode).toBe(200);
    const periodEnd = subscription.items.data[0].current_period_end as number;
    expect(await account(h, userId)).toMatchObject({
      subscription_tier: 'pro',
      subscription_status: 'canceled',
      subscription_end_date: new Date(periodEnd * 1000).toISOString(),
      credits: 2000,
    });
    // Withdrawing the cancellation makes it active again.
    const resumed = h.stripe.updateSubscription(subscription.id, { cancel_at_period_end: false });
    await postWebhook(h, eventObject('customer.subscription.updated', resumed));
    expect((await account(h, userId)).subscription_status).toBe('active');
  });

  it('acts on the current subscription state when updates arrive out of order', async () => {
    const { client, userId, sessionId, subscription } = await proAccount();
    await client.post(SUBSCRIPTION_PATHS.verify, { session_id: sessionId });
    const older = structuredClone(h.stripe.subscriptions.get(subscription.id));
    h.stripe.updateSubscription(subscription.id, { cancel_at_period_end: true });
    await postWebhook(h, eventObject('customer.subscription.updated', older));
    expect((await account(h, userId)).subscription_status).toBe('canceled');
  });

  it('customer.subscription.deleted makes the account free with its balance capped at 100', async () => {
    const { client, userId, sessionId, subscription } = await proAccount();
    await client.post(SUBSCRIPTION_PATHS.verify, { session_id: sessionId });
    await h.t.ctx.db.kysely.updateTable('users').set({ credits: 1500 }).where('id', '=', userId).execute();
    const ended = h.stripe.updateSubscription(subscription.id, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) });
    expect((await postWebhook(h, eventObject('customer.subscription.deleted', ended))).statusCode).toBe(200);
    expect(await account(h, userId)).toMatchObject({
      credits: 100,
      subscription_tier: 'free',
      subscription_status: 'none',
      subscription_end_date: null,
      stripe_subscription_id: null,
    });
  });

  it('a deleted subscription leaves a smaller balance as it is', async () => {
    const { client, userId, sessionId, subscription } = await proAccount();
    await client.post(SUBSCRIPTION_PATHS.verify, { session_id: sessionId });
    await h.t.ctx.db.kysely.updateTable('users').set({ credits: 42 }).where('id', '=', userId).execute();
    await postWebhook(
      h,
      eventObject('customer.subscription.deleted', h.stripe.updateSubscription(subscription.id, { status: 'canceled' })),
    );
    expect(await account(h, userId)).toMatchObject({ credits: 42, subscription_tier: 'free' });
  });

  it('answers 200 to event types it does not handle and changes nothing', async () => {
    const { userId } = await proAccount();
    const res = await postWebhook(h, eventObject('payment_intent.created', { id: 'pi_test_1', object: 'payment_intent' }));
    expect(res.statusCode).toBe(200);
    expect(await account(h, userId)).toMatchObject({ credits: 100, subscription_tier: 'free' });
  });

  it('downgrades lazily when a canceled plan has ended and no webhook came', async () => {
    const { client, userId, sessionId } = await proAccount();
    await client.post(SUBSCRIPTION_PATHS.verify, { session_id: sessionId });
    const db = h.t.ctx.db;
    await db.kysely
      .updateTable('users')
      .set({ subscription_status: 'canceled', subscription_end_date: new Date(Date.now() + 60_000).toISOString(), credits: 700 })
      .where('id', '=', userId)
      .execute();
    expect(await settleExpiredPlan(db, userId)).toBe(false);
    expect((await account(h, userId)).subscription_tier).toBe('pro');
    await db.kysely
      .updateTable('users')
      .set({ subscription_end_date: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', userId)
      .execute();
    expect(await settleExpiredPlan(db, userId)).toBe(true);
    expect(await account(h, userId)).toMatchObject({ credits: 100, subscription_tier: 'free', subscription_status: 'none' });
    expect(await settleExpiredPlan(db, userId)).toBe(false);
  });
});
