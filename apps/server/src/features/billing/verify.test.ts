import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, SUBSCRIPTION_PATHS } from '@ensemble/shared';
import { eventObject } from '../../test/fakes/stripe.js';
import {
  type BillingHarness,
  PRICE_PRO,
  account,
  buyPlan,
  grants,
  newAccount,
  postWebhook,
  startBillingHarness,
} from './billing-test-kit.js';

describe('POST verify_session.php', () => {
  let h: BillingHarness;
  beforeEach(async () => {
    h = await startBillingHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('applies Pro to a paid session: 2000 credits, active until the period end, one activity', async () => {
    const { client, userId } = await newAccount(h, 37);
    const { sessionId, subscription } = await buyPlan(h, client, PRICE_PRO);
    const res = await client.post(SUBSCRIPTION_PATHS.verify, { session_id: sessionId });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ status: 'success', tier: 'pro', credits_remaining: 2000 });
    expect(res.data.message).toBe('Your Pro subscription is active.');
    const periodEnd = subscription.items.data[0].current_period_end as number;
    expect(await account(h, userId)).toMatchObject({
      credits: 2000,
      subscription_tier: 'pro',
      subscription_status: 'active',
      subscription_end_date: new Date(periodEnd * 1000).toISOString(),
      stripe_subscription_id: subscription.id,
    });
    const activities = await h.t.ctx.db.kysely.selectFrom('activities').selectAll().where('user_id', '=', userId).execute();
    expect(activities.map((a) => [a.activity_type, a.description])).toEqual([['subscription', 'Subscribed to Pro']]);
  });

  it('the hosted checkout page returns to the success URL with the session id, which then verifies', async () => {
    const { client, userId } = await newAccount(h);
    const checkout = await client.post(SUBSCRIPTION_PATHS.checkout, { priceId: PRICE_PRO });
    const page = await fetch(checkout.data.url, { redirect: 'manual' });
    expect(page.status).toBe(303);
    const back = new URL(page.headers.get('location') as string);
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:3000/prod/subscription/success');
    expect(back.searchParams.get('session_id')).toBe(checkout.data.id);
    const res = await client.post(SUBSCRIPTION_PATHS.verify, { session_id: back.searchParams.get('session_id') });
    expect(res.data).toMatchObject({ status: 'success', tier: 'pro', credits_remaining: 2000 });
    expect((await account(h, userId)).subscription_status).toBe('active');
  });

  it("refuses someone else's session with 403 and changes nothing", async () => {
    const owner = await newAccount(h);
    const { sessionId } = await buyPlan(h, owner.client, PRICE_PRO);
    const other = await newAccount(h);
    const res = await other.client.post(SUBSCRIPTION_PATHS.verify, { session_id: sessionId });
    expect(res.statusCode).toBe(403);
    expect(res.data.message).toBe(MESSAGES.invalidSessionId);
    expect(await account(h, other.userId)).toMatchObject({ credits: 100, subscription_tier: 'free', subscription_status: 'none' });
    expect(await account(h, owner.userId)).toMatchObject({ credits: 100, subscription_tier: 'free' });
  });

  it('refuses an unpaid session with "Verification failed"', async () => {
    const { client, userId } = await newAccount(h);
    const checkout = await client.post(SUBSCRIPTION_PATHS.checkout, { priceId: PRICE_PRO });
    const res = await client.post(SUBSCRIPTION_PATHS.verify, { session_id: checkout.data.id });
    expect(res.statusCode).toBe(400);
    expect(res.data.message).toBe(MESSAGES.verificationFailed);
    expect(await account(h, userId)).toMatchObject({ credits: 100, subscription_tier: 'free' });
  });

  it('asks for a session id, and refuses unknown ones', async () => {
    const { client } = await newAccount(h);
    for (const body of [{ session_id: '' }, {}]) {
      const res = await client.post(SUBSCRIPTION_PATHS.verify, body);
      expect(res.statusCode).toBe(400);
      expect(res.data.message).toBe(MESSAGES.noSessionId);
    }
    for (const id of ['cs_test_doesnotexist', '../../v1/customers']) {
      const res = await client.post(SUBSCRIPTION_PATHS.verify, { session_id: id });
      expect(res.statusCode).toBe(400);
      expect(res.data.message).toBe(MESSAGES.invalidSessionId);
    }
  });

  it('refuses guests', async () => {
    const res = await h.t.client().post(SUBSCRIPTION_PATHS.verify, { session_id: 'cs_test_x' });
    expect(res.statusCode).toBe(401);
  });

  it('verification and the checkout webhook together grant once', async () => {
    const { client, userId } = await newAccount(h);
    const { sessionId, session } = await buyPlan(h, client, PRICE_PRO);
    const [verified, hooked] = await Promise.all([
      client.post(SUBSCRIPTION_PATHS.verify, { session_id: sessionId }),
      postWebhook(h, eventObject('checkout.session.completed', session)),
    ]);
    expect(verified.statusCode).toBe(200);
    expect(hooked.statusCode).toBe(200);
    // Spend some, then both arrive again: still one grant, and the spending stays spent.
    await h.t.ctx.db.kysely.updateTable('users').set({ credits: 1500 }).where('id', '=', userId).execute();
    expect((await client.post(SUBSCRIPTION_PATHS.verify, { session_id: sessionId })).data.credits_remaining).toBe(1500);
    expect((await postWebhook(h, eventObject('checkout.session.completed', session))).statusCode).toBe(200);
    expect(await grants(h, userId)).toHaveLength(1);
    expect(await account(h, userId)).toMatchObject({ credits: 1500, subscription_tier: 'pro', subscription_status: 'active' });
  });
});
