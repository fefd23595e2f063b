import { ADMIN_PATHS, AUTH_PATHS } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, createTestApp } from '../../test/app-factory.js';
import { ADMIN_ENV, chatOnce, signInAs, signInOperator } from '../admin/admin-test-kit.js';
import { refund } from './service.js';

describe(`spending guardrails on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ADMIN_ENV);
  });
  afterAll(async () => t.close());

  it('a user sets a monthly budget and warning threshold; guests and bad input are refused', async () => {
    expect((await t.client().post(AUTH_PATHS.spending, { monthly_budget: 5, low_balance_warning: null })).statusCode).toBe(401);
    const c = t.client();
    await signInAs(t, c);
    const bad = await c.post(AUTH_PATHS.spending, { monthly_budget: -1, low_balance_warning: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.message).toMatch(/monthly_budget/);
    const saved = await c.post(AUTH_PATHS.spending, { monthly_budget: 40, low_balance_warning: 10 });
    expect(saved.data.spending).toEqual({ monthly_budget: 40, low_balance_warning: 10, month_spent: 0, day_spent: 0, daily_cap: null });
    const meter = await c.post('/api/credits/check_credits.php', {});
    expect(meter.data.spending.monthly_budget).toBe(40);
  });

  it('stops at the monthly budget with budget_reached and its message, and a refund still goes through', async () => {
    const c = t.client();
    const id = await signInAs(t, c, { credits: 100 });
    await c.post(AUTH_PATHS.spending, { monthly_budget: 3, low_balance_warning: null });
    for (let i = 0; i < 3; i++) expect((await chatOnce(c, 'gpt-4o-mini', i)).statusCode).toBe(200);
    const refused = await chatOnce(c, 'gpt-4o-mini', 9);
    expect(refused.statusCode).toBe(402);
    expect(refused.data).toMatchObject({
      status: 'error',
      code: 'budget_reached',
      message: 'You have reached your monthly budget of 3 credits. Change it in Settings to continue.',
    });
    const meter = await c.post('/api/credits/check_credits.php', {});
    expect(meter.data.credits_info.remaining).toBe(97);
    expect(meter.data.spending.month_spent).toBe(3);

    const back = await refund(t.ctx.db, { kind: 'user', userId: id, guestId: null }, 1, 'gpt-4o-mini', 'test-refund');
    expect(back.remaining).toBe(98);
    expect((await chatOnce(c, 'gpt-4o-mini', 10)).statusCode).toBe(200);
    expect((await chatOnce(c, 'gpt-4o-mini', 11)).data.code).toBe('budget_reached');
    // Raising the budget lets the user continue at once.
    await c.post(AUTH_PATHS.spending, { monthly_budget: 5, low_balance_warning: null });
    expect((await chatOnce(c, 'gpt-4o-mini', 12)).statusCode).toBe(200);
  });

  it('stops at the operator daily cap for the plan with daily_cap_reached; other plans are not capped', async () => {
    const op = t.client();
    await signInOperator(t, op);
    const set = await op.post(ADMIN_PATHS.dailyCaps, { plan: 'pro', daily_cap: 2, reason: 'Abuse wave on pro' });
    expect(set.statusCode).toBe(200);
    expect(set.data.caps).toEqual([
      { plan: 'free', daily_cap: null },
      { plan: 'pro', daily_cap: 2 },
      { plan: 'premium', daily_cap: null },
    ]);
    const pro = t.client();
    await signInAs(t, pro, { credits: 2000, tier: 'pro' });
    const free = t.client();
    await signInAs(t, free, { credits: 100 });
    for (let i = 0; i < 2; i++) expect((await chatOnce(pro, 'gpt-4o-mini', i)).statusCode).toBe(200);
    const refused = await chatOnce(pro, 'gpt-4o-mini', 3);
    expect(refused.statusCode).toBe(402);
    expect(refused.data.code).toBe('daily_cap_reached');
    expect(refused.data.message).toBe(
      "You have reached today's limit of 2 credits for your plan. It resets at midnight UTC; see Settings for your spending.",
    );
    for (let i = 0; i < 3; i++) expect((await chatOnce(free, 'gpt-4o-mini', i)).statusCode).toBe(200);
    await op.post(ADMIN_PATHS.dailyCaps, { plan: 'pro', daily_cap: null, reason: 'Wave over' });
    expect((await chatOnce(pro, 'gpt-4o-mini', 4)).statusCode).toBe(200);
  });

  it('a budget and a daily cap each hold under 50 parallel requests', async () => {
    const budgeted = t.client();
    const b = await signInAs(t, budgeted, { credits: 1000 });
    await budgeted.post(AUTH_PATHS.spending, { monthly_budget: 10, low_balance_warning: null });
    const op = t.client();
    await signInOperator(t, op);
    await op.post(ADMIN_PATHS.dailyCaps, { plan: 'premium', daily_cap: 7, reason: 'parallel test' });
    const capped = t.client();
    const p = await signInAs(t, capped, { credits: 5000, tier: 'premium' });

    for (const [client, id, limit, code] of [
      [budgeted, b, 10, 'budget_reached'],
      [capped, p, 7, 'daily_cap_reached'],
    ] as const) {
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => chatOnce(client, 'gpt-4o-mini', i)));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(limit);
      expect(results.filter((r) => r.statusCode === 402 && r.data.code === code)).toHaveLength(50 - limit);
      const ledger = await t.ctx.db.kysely
        .selectFrom('credit_ledger')
        .selectAll()
        .where('user_id', '=', id)
        .where('delta', '<', 0)
        .execute();
      expect(ledger).toHaveLength(limit);
      const u = await t.ctx.db.kysely
        .selectFrom('users')
        .select(['month_spent', 'day_spent'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(u).toEqual({ month_spent: limit, day_spent: limit });
    }
  });
});
