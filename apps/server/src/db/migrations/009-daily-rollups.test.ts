import { describe, expect, it } from 'vitest';
import { TEST_DB } from '../../test/app-factory.js';
import { useMigrationDb } from '../../test/migration-db.js';

describe(`migration 009: daily rollups filled once from what is stored (${TEST_DB})`, () => {
  const m = useMigrationDb();

  it('counts requests by model, credits, sign-ups, funded guests, active accounts and running plans', async () => {
    expect((await m.migrator.migrateTo('008-operators')).error).toBeUndefined();
    const k = m.db.kysely;
    const d1 = '2026-10-01T10:00:00.000Z';
    const d2 = '2026-10-02T23:59:59.999Z';
    const account = (email: string, created_at: string, tier = 'free') => ({
      email,
      username: email,
      password_hash: null,
      google_sub: null,
      picture: null,
      credits: 100,
      credits_used: 0,
      subscription_tier: tier,
      subscription_status: tier === 'free' ? 'none' : 'active',
      subscription_end_date: null,
      stripe_customer_id: null,
      stripe_subscription_id: null,
      created_at,
      updated_at: created_at,
    });
    const a = await k.insertInto('users').values(account('a@example.test', d1)).returning('id').executeTakeFirstOrThrow();
    const b = await k
      .insertInto('users')
      .values(account('b@example.test', d2, 'pro'))
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = { guest_id: null, balance_after: 0, reference: null };
    await k
      .insertInto('credit_ledger')
      .values([
        { ...row, user_id: a.id, delta: -2, reason: 'chat', model: 'gpt-4o', created_at: d1 },
        { ...row, user_id: a.id, delta: -2, reason: 'chat', model: 'gpt-4o', created_at: d1 },
        { ...row, user_id: b.id, delta: -5, reason: 'image', model: 'dall-e-3', created_at: d1 },
        { ...row, user_id: a.id, delta: 2, reason: 'refund', model: 'gpt-4o', created_at: d1 },
        { ...row, user_id: null, delta: -1, reason: 'chat', model: 'gpt-4o-mini', created_at: d2 },
        { ...row, user_id: null, delta: 25, reason: 'guest_grant', model: null, created_at: d2 },
        { ...row, user_id: null, delta: 0, reason: 'guest_grant', model: null, created_at: d2 },
        { ...row, user_id: a.id, delta: 50, reason: 'admin_grant', model: null, created_at: d2 },
      ])
      .execute();

    const { error } = await m.migrator.migrateToLatest();
    expect(error).toBeUndefined();
    const rows = await k
      .selectFrom('daily_rollups')
      .select(['day', 'metric', 'dim', 'n'])
      .orderBy('day')
      .orderBy('metric')
      .orderBy('dim')
      .execute();
    const today = new Date().toISOString().slice(0, 10);
    expect(rows.map((r) => ({ ...r, n: Number(r.n) }))).toEqual([
      { day: '2026-10-01', metric: 'active_accounts', dim: '', n: 2 },
      { day: '2026-10-01', metric: 'credits_charged', dim: '', n: 9 },
      { day: '2026-10-01', metric: 'credits_refunded', dim: '', n: 2 },
      { day: '2026-10-01', metric: 'requests', dim: 'dall-e-3', n: 1 },
      { day: '2026-10-01', metric: 'requests', dim: 'gpt-4o', n: 2 },
      { day: '2026-10-01', metric: 'signups', dim: '', n: 1 },
      { day: '2026-10-02', metric: 'credits_charged', dim: '', n: 1 },
      { day: '2026-10-02', metric: 'funded_guests', dim: '', n: 1 },
      { day: '2026-10-02', metric: 'requests', dim: 'gpt-4o-mini', n: 1 },
      { day: '2026-10-02', metric: 'signups', dim: '', n: 1 },
      { day: today, metric: 'subscriptions', dim: 'premium', n: 0 },
      { day: today, metric: 'subscriptions', dim: 'pro', n: 1 },
    ]);
    expect(await k.selectFrom('daily_active_accounts').selectAll().orderBy('user_id').execute()).toEqual([
      { day: '2026-10-01', user_id: a.id },
      { day: '2026-10-01', user_id: b.id },
    ]);
    expect(await k.selectFrom('paid_invoices').selectAll().execute()).toEqual([]);
  });
});
