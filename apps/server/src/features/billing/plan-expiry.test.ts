import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewAccount } from '../../test/account-factory.js';
import { type TestApp, createTestApp } from '../../test/app-factory.js';

describe('a cancelled plan at its period end', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function cancelledPro(endsAt: Date, credits: number) {
    const c = t.client();
    const id = await signInNewAccount(t, c, { credits });
    await t.ctx.db.kysely
      .updateTable('users')
      .set({ subscription_tier: 'pro', subscription_status: 'canceled', subscription_end_date: endsAt.toISOString() })
      .where('id', '=', id)
      .execute();
    return { c, id };
  }

  it('keeps the plan until the period ends', async () => {
    const { c } = await cancelledPro(new Date(Date.now() + 86_400_000), 1500);
    const res = await c.post('/api/credits/check_credits.php', {});
    expect(res.data).toMatchObject({ plan: 'pro', credits_info: { remaining: 1500 } });
  });

  it('turns the account free with its balance capped at 100 on the next call after the end', async () => {
    const { c, id } = await cancelledPro(new Date(Date.now() - 1000), 1500);
    const res = await c.post('/api/credits/check_credits.php', {});
    expect(res.data).toMatchObject({ plan: 'free', credits_info: { remaining: 100 } });
    const user = await t.ctx.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(user.subscription_tier).toBe('free');
    const low = await cancelledPro(new Date(Date.now() - 1000), 40);
    expect((await low.c.post('/api/credits/check_credits.php', {})).data.credits_info.remaining).toBe(40);
  });
});
