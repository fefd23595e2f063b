import { ADMIN_PATHS } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, createTestApp } from '../../test/app-factory.js';
import { ADMIN_ENV, chatOnce, signInAs, signInOperator } from './admin-test-kit.js';

describe(`abuse view on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...ADMIN_ENV, GUESTS_PER_ADDRESS_PER_DAY: '2', LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: '1' });
  });
  afterAll(async () => t.close());

  it('ranks addresses past the funded-guest limit and the login throttle, and today’s top spenders', async () => {
    // Five new guests from one address: the last three start unfunded.
    for (let i = 0; i < 5; i++) await t.client({ ip: '10.66.0.1' }).post('/api/credits/check_credits.php', {});
    const prober = t.client({ ip: '10.66.0.2' });
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push((await prober.post('/api/auth/login.php', { email: 'victim@example.test', password: 'wrong-guess' })).statusCode);
    expect(answers).toEqual([401, 429, 429]);

    const big = t.client();
    await signInAs(t, big, { email: 'big.spender@example.test', credits: 100 });
    for (let i = 0; i < 3; i++) expect((await chatOnce(big, 'gpt-4o-mini', i)).statusCode).toBe(200);
    const guest = t.client({ ip: '10.66.0.3' });
    expect((await chatOnce(guest, 'gpt-4o-mini')).statusCode).toBe(200);

    const op = t.client();
    await signInOperator(t, op);
    const res = await op.get(ADMIN_PATHS.abuse);
    expect(res.statusCode).toBe(200);
    expect(res.data.funded_guest_limit).toEqual([{ client_address: '10.66.0.1', hits: 3 }]);
    expect(res.data.login_throttle).toEqual([{ client_address: '10.66.0.2', hits: 2 }]);
    expect(res.data.top_spenders_today.map((s: { label: string; credits: number; kind: string }) => [s.kind, s.label, s.credits])).toEqual([
      ['account', 'big.spender@example.test', 3],
      ['guest', '10.66.0.3', 1],
    ]);
  });
});
