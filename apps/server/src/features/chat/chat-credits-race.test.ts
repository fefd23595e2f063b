import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, createTestApp } from '../../test/app-factory.js';

describe(`credit race on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('lets exactly 25 of 50 parallel requests through for a guest with 25 credits at cost 1', async () => {
    const c = t.client();
    await c.get('/api/auth/check_session.php');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        c.post('/api/messages/chat.php', {
          model: 'gpt-4o-mini',
          is_comparison: true,
          stream: true,
          messages: [{ content: `Question ${i}`, role: 'user' }],
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 402);
    expect(ok).toHaveLength(25);
    expect(refused).toHaveLength(25);
    expect(refused.every((r) => r.data.status === 'credits_exhausted')).toBe(true);

    const guest = await t.ctx.db.kysely.selectFrom('guests').selectAll().where('client_address', '=', c.ip).executeTakeFirstOrThrow();
    expect(guest.credits).toBe(0);
    expect(guest.credits_used).toBe(25);
    const ledger = await t.ctx.db.kysely.selectFrom('credit_ledger').selectAll().where('guest_id', '=', guest.id).orderBy('id').execute();
    expect(ledger.reduce((sum, r) => sum + r.delta, 0)).toBe(0);
    expect(ledger.filter((r) => r.delta === -1)).toHaveLength(25);
    expect(ledger.at(-1)?.balance_after).toBe(0);
    expect(ledger.every((r) => r.balance_after >= 0)).toBe(true);
  });
});
