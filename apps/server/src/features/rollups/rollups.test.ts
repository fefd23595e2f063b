import { ADMIN_OVERVIEW_PATH, AUTH_PATHS, type OverviewDay } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { type ProviderFake, startProviderFake } from '../../test/fakes/provider-fakes.js';
import { ADMIN_ENV, chatOnce, signInAs, signInOperator } from '../admin/admin-test-kit.js';
import { sweepInactiveGuests } from '../session/guest-sweep.js';
import { backfillRollups } from './backfill.js';
import { METRIC, bump, monthlyAmount, utcDay } from './rollups.js';

const PASSWORD = 'a long and unusual passphrase 42';

describe(`daily rollups and the operator overview on ${TEST_DB}`, () => {
  let t: TestApp;
  let openai: ProviderFake;
  let op: TestClient;
  beforeAll(async () => {
    openai = await startProviderFake('openai');
    t = await createTestApp({ ...ADMIN_ENV, OPENAI_API_KEY: 'sk-test-secret-key', OPENAI_BASE_URL: openai.baseUrl });
    op = t.client();
    await signInOperator(t, op);
  });
  afterAll(async () => {
    await t.close();
    await openai.fake.close();
  });

  async function today(): Promise<OverviewDay> {
    const res = await op.get(`${ADMIN_OVERVIEW_PATH}?days=7`);
    expect(res.statusCode).toBe(200);
    const series = res.data.series as OverviewDay[];
    const last = series[series.length - 1] as OverviewDay;
    expect(last.day).toBe(utcDay());
    return last;
  }

  /** The credits the ledger says were charged for requests and refunded today. */
  async function ledgerToday() {
    const rows = await t.ctx.db.kysely.selectFrom('credit_ledger').select(['reason', 'delta', 'model']).execute();
    const charged = rows.filter((r) => r.reason === 'chat' || r.reason === 'image');
    return {
      requests: charged.length,
      charged: charged.reduce((s, r) => s - r.delta, 0),
      refunded: rows.filter((r) => r.reason === 'refund').reduce((s, r) => s + r.delta, 0),
    };
  }

  it('answers 7, 30 or 90 days, oldest first, ending today; anything else is a clear 400', async () => {
    for (const days of [7, 30, 90]) {
      const res = await op.get(`${ADMIN_OVERVIEW_PATH}?days=${days}`);
      expect(res.statusCode).toBe(200);
      expect(res.data.days).toBe(days);
      expect(res.data.series).toHaveLength(days);
      expect(res.data.to).toBe(utcDay());
      expect(res.data.series[0].day).toBe(res.data.from);
      expect(Date.parse(res.data.to) - Date.parse(res.data.from)).toBe((days - 1) * 86_400_000);
    }
    expect((await op.get(ADMIN_OVERVIEW_PATH)).data.days).toBe(30);
    for (const bad of ['14', '7.0', '-7', 'abc', '7&days=30', '%00']) {
      const res = await op.get(`${ADMIN_OVERVIEW_PATH}?days=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.data.status).toBe('error');
    }
  });

  it('a chat charge counts a request of its model, the credits charged and one active account a day', async () => {
    const before = await today();
    const c = t.client();
    await signInAs(t, c, { credits: 500 });
    expect((await chatOnce(c, 'gpt-4o-mini', 1)).statusCode).toBe(200);
    expect((await chatOnce(c, 'gpt-4o-mini', 2)).statusCode).toBe(200);
    expect((await chatOnce(c, 'claude-3-7-sonnet-latest', 3)).statusCode).toBe(200);
    const after = await today();
    expect((after.requests['gpt-4o-mini'] ?? 0) - (before.requests['gpt-4o-mini'] ?? 0)).toBe(2);
    expect((after.requests['claude-3-7-sonnet-latest'] ?? 0) - (before.requests['claude-3-7-sonnet-latest'] ?? 0)).toBe(1);
    expect(after.active_accounts - before.active_accounts).toBe(1);
    const ledger = await ledgerToday();
    expect(after.credits_charged).toBe(ledger.charged);
    expect(Object.values(after.requests).reduce((a, b) => a + b, 0)).toBe(ledger.requests);
  });

  it('a failed reply is counted by provider and kind, and its refund as credits refunded', async () => {
    const before = await today();
    const c = t.client();
    await signInAs(t, c, { credits: 500 });
    openai.fake.behaviour = 429;
    try {
      const res = await chatOnce(c, 'gpt-4o', 1);
      expect(res.statusCode).toBe(502);
    } finally {
      openai.fake.behaviour = 'ok';
    }
    const after = await today();
    expect((after.failed_replies['openai|rate_limit'] ?? 0) - (before.failed_replies['openai|rate_limit'] ?? 0)).toBe(1);
    expect(after.credits_refunded).toBeGreaterThan(before.credits_refunded);
    expect(after.credits_refunded).toBe((await ledgerToday()).refunded);
    // The failed request was still a request of its model.
    expect((after.requests['gpt-4o'] ?? 0) - (before.requests['gpt-4o'] ?? 0)).toBe(1);
  });

  it('counts a sign-up and a funded guest; the figures survive the guest sweep', async () => {
    const before = await today();
    const guest = t.client({ ip: '203.0.113.77' });
    expect((await chatOnce(guest, 'gpt-4o-mini', 1)).statusCode).toBe(200);
    const reg = await t.client().post(AUTH_PATHS.register, { email: 'rollup-signup@example.test', username: 'Roll', password: PASSWORD });
    expect(reg.statusCode).toBe(200);
    const mid = await today();
    expect(mid.signups - before.signups).toBe(1);
    expect(mid.funded_guests - before.funded_guests).toBeGreaterThanOrEqual(1);
    expect((mid.requests['gpt-4o-mini'] ?? 0) - (before.requests['gpt-4o-mini'] ?? 0)).toBe(1);

    // Every guest is swept (a TTL of zero days from a moment in the future).
    const swept = await sweepInactiveGuests(t.ctx.db, t.ctx.storage, 0, Date.now() + 86_400_000);
    expect(swept.guests).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.db.kysely.selectFrom('guests').select('id').execute()).toEqual([]);
    expect(await today()).toEqual(mid);
  });

  it('the bulk backfill rebuilds the same figures from the ledger and accounts', async () => {
    const live = await today();
    const db = t.ctx.db.kysely;
    await db.deleteFrom('daily_rollups').execute();
    await db.deleteFrom('daily_active_accounts').execute();
    await backfillRollups(db);
    const rebuilt = await today();
    // Failed replies were never in the ledger. Sign-ups are every account made today (these tests
    // also make accounts directly, not through sign-up). Everything else matches what was counted live.
    const accounts = await db.selectFrom('users').select('id').execute();
    expect(rebuilt.signups).toBe(accounts.length);
    expect({ ...rebuilt, failed_replies: live.failed_replies, signups: live.signups }).toEqual(live);
  });

  it('parallel charges from many accounts lose no increment', async () => {
    const before = await today();
    const clients = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const c = t.client();
        await signInAs(t, c, { credits: 500 });
        return c;
      }),
    );
    const answers = await Promise.all(clients.flatMap((c, i) => [chatOnce(c, 'gpt-4o-mini', i), chatOnce(c, 'gpt-4o-mini', i + 100)]));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const after = await today();
    expect((after.requests['gpt-4o-mini'] ?? 0) - (before.requests['gpt-4o-mini'] ?? 0)).toBe(20);
    expect(after.active_accounts - before.active_accounts).toBe(10);
    expect(after.credits_charged).toBe((await ledgerToday()).charged);
  });

  it('50 concurrent transactions adding to one counter (new or existing) lose nothing', async () => {
    const db = t.ctx.db.kysely;
    const add = (dim: string) =>
      Promise.all(
        Array.from({ length: 50 }, (_, i) => db.transaction().execute((trx) => bump(trx, METRIC.failedReplies, dim, i + 1, '2001-01-01'))),
      );
    await add('race|new');
    await add('race|new');
    const row = await db
      .selectFrom('daily_rollups')
      .select('n')
      .where('day', '=', '2001-01-01')
      .where('dim', '=', 'race|new')
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(2 * ((50 * 51) / 2));
  });

  it('spreads a plan amount over its months', () => {
    const day = 86_400;
    expect(monthlyAmount(1000, 0, 30 * day)).toBe(1000);
    expect(monthlyAmount(12_000, 0, 365 * day)).toBe(1000);
    expect(monthlyAmount(12_000, 0, 366 * day)).toBe(1000);
    expect(monthlyAmount(3000, 0, 91 * day)).toBe(1000);
    expect(monthlyAmount(250, 0, 7 * day)).toBe(1087);
    expect(monthlyAmount(500, null, null)).toBe(500);
  });
});
