import { ADMIN_OVERVIEW_PATH, type OverviewDay, SUBSCRIPTION_PATHS } from '@ensemble/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DB, type TestClient } from '../../test/app-factory.js';
import { eventObject } from '../../test/fakes/stripe.js';
import { ADMIN_ENV, signInOperator } from '../admin/admin-test-kit.js';
import { utcDay } from '../rollups/rollups.js';
import { type BillingHarness, PRICE_PRO, buyPlan, newAccount, postWebhook, startBillingHarness } from './billing-test-kit.js';

const DAY = 86_400;

describe(`paid invoices and the overview's revenue on ${TEST_DB}`, () => {
  let h: BillingHarness;
  let op: TestClient;
  beforeEach(async () => {
    h = await startBillingHarness(ADMIN_ENV);
    op = h.t.client();
    await signInOperator(h.t, op);
  });
  afterEach(async () => {
    await h.close();
  });

  async function today(): Promise<OverviewDay> {
    const res = await op.get(`${ADMIN_OVERVIEW_PATH}?days=7`);
    expect(res.statusCode).toBe(200);
    const last = res.data.series.at(-1) as OverviewDay;
    expect(last.day).toBe(utcDay());
    return last;
  }

  const invoices = () => h.t.ctx.db.kysely.selectFrom('paid_invoices').selectAll().orderBy('paid_at').execute();

  it('stores the amount, currency and plan of a paid invoice once, and shows revenue, MRR and subscriptions', async () => {
    const { client, userId } = await newAccount(h);
    const { subscription } = await buyPlan(h, client, PRICE_PRO);
    const invoice = h.stripe.invoiceFor(subscription.id);
    expect((await postWebhook(h, eventObject('invoice.paid', invoice))).statusCode).toBe(200);
    // Stripe sends invoice.payment_succeeded for the same invoice too: it is not counted twice.
    expect((await postWebhook(h, eventObject('invoice.payment_succeeded', invoice))).statusCode).toBe(200);
    expect(await invoices()).toEqual([
      expect.objectContaining({
        invoice_id: invoice.id,
        user_id: userId,
        subscription_id: subscription.id,
        plan: 'pro',
        amount_paid: 1000,
        currency: 'usd',
        monthly_amount: 1000,
      }),
    ]);
    let day = await today();
    expect(day.revenue).toEqual({ usd: 1000 });
    expect(day.mrr).toEqual({ usd: 1000 });
    expect(day.subscriptions).toEqual({ pro: 1, premium: 0 });

    // The next period's invoice is more revenue; the MRR stays one month of the plan.
    const renewal = h.stripe.renewSubscription(subscription.id);
    expect((await postWebhook(h, eventObject('invoice.paid', renewal))).statusCode).toBe(200);
    day = await today();
    expect(day.revenue).toEqual({ usd: 2000 });
    expect(day.mrr).toEqual({ usd: 1000 });

    // The subscription ends: no subscriptions and no MRR, but the revenue taken stays.
    const ended = h.stripe.updateSubscription(subscription.id, { status: 'canceled' });
    expect((await postWebhook(h, eventObject('customer.subscription.deleted', ended))).statusCode).toBe(200);
    day = await today();
    expect(day.subscriptions).toEqual({ pro: 0, premium: 0 });
    expect(day.mrr).toEqual({ usd: 0 });
    expect(day.revenue).toEqual({ usd: 2000 });
  });

  it('a yearly invoice in another currency counts its amount as revenue and a twelfth of it as MRR', async () => {
    const { client, sessionId, subscription } = await (async () => {
      const a = await newAccount(h);
      return { client: a.client, ...(await buyPlan(h, a.client, PRICE_PRO)) };
    })();
    await client.post(SUBSCRIPTION_PATHS.verify, { session_id: sessionId });
    const invoice = h.stripe.invoiceFor(subscription.id);
    const start = Math.floor(Date.now() / 1000) - DAY;
    Object.assign(invoice, { amount_paid: 12_000, currency: 'EUR' });
    Object.assign(invoice.lines.data[0], { amount: 12_000, currency: 'eur', period: { start, end: start + 365 * DAY } });
    expect((await postWebhook(h, eventObject('invoice.paid', invoice))).statusCode).toBe(200);
    expect((await invoices())[0]).toMatchObject({ amount_paid: 12_000, currency: 'eur', monthly_amount: 1000, plan: 'pro' });
    const day = await today();
    expect(day.revenue).toEqual({ eur: 12_000 });
    expect(day.mrr).toEqual({ eur: 1000 });
    expect(day.subscriptions).toEqual({ pro: 1, premium: 0 });
  });

  it('invoice.payment_succeeded alone records the invoice and applies the plan like invoice.paid', async () => {
    const { client, userId } = await newAccount(h);
    const { subscription } = await buyPlan(h, client, PRICE_PRO);
    const invoice = h.stripe.invoiceFor(subscription.id);
    expect((await postWebhook(h, eventObject('invoice.payment_succeeded', invoice))).statusCode).toBe(200);
    expect(await invoices()).toEqual([
      expect.objectContaining({ invoice_id: invoice.id, user_id: userId, amount_paid: 1000, plan: 'pro' }),
    ]);
    const u = await h.t.ctx.db.kysely
      .selectFrom('users')
      .select(['subscription_tier', 'credits'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(u).toEqual({ subscription_tier: 'pro', credits: 2000 });
    expect((await today()).subscriptions).toEqual({ pro: 1, premium: 0 });
  });

  it('an invoice for a customer we do not know is not stored', async () => {
    const { client } = await newAccount(h);
    const { subscription } = await buyPlan(h, client, PRICE_PRO);
    const invoice = h.stripe.invoiceFor(subscription.id);
    Object.assign(invoice, { customer: 'cus_someone_else' });
    invoice.parent.subscription_details.metadata = {};
    const stored = h.stripe.subscriptions.get(subscription.id);
    if (stored) stored.metadata = {};
    expect((await postWebhook(h, eventObject('invoice.paid', invoice))).statusCode).toBe(200);
    expect(await invoices()).toEqual([]);
    expect((await today()).revenue).toEqual({});
  });

  it('the window before any Stripe event shows the last snapshot carried forward', async () => {
    const { client } = await newAccount(h);
    const { subscription } = await buyPlan(h, client, PRICE_PRO);
    await postWebhook(h, eventObject('invoice.paid', h.stripe.invoiceFor(subscription.id)));
    // Move today's snapshot 40 days back: the 7-day window starts after it and carries it over every day.
    const past = utcDay(new Date(Date.now() - 40 * DAY * 1000));
    await h.t.ctx.db.kysely.updateTable('daily_rollups').set({ day: past }).where('metric', 'in', ['subscriptions', 'mrr']).execute();
    const res = await op.get(`${ADMIN_OVERVIEW_PATH}?days=7`);
    for (const d of res.data.series as OverviewDay[]) {
      expect(d.subscriptions).toEqual({ pro: 1, premium: 0 });
      expect(d.mrr).toEqual({ usd: 1000 });
    }
    const wide = await op.get(`${ADMIN_OVERVIEW_PATH}?days=90`);
    const series = wide.data.series as OverviewDay[];
    expect(series.find((d) => d.day < past)?.subscriptions).toEqual({});
    expect(series.find((d) => d.day === past)?.subscriptions).toEqual({ pro: 1, premium: 0 });
  });
});
