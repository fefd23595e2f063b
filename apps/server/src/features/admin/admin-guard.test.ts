import { ADMIN_OVERVIEW_PATH, ADMIN_PATHS, MESSAGES } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { enrolTwoFactor } from '../two-factor/two-factor-test-kit.js';
import { ADMIN_ENV, OPERATOR_EMAIL, signInAs, signInOperator } from './admin-test-kit.js';

// Every operator call, with a body that would be valid for an operator.
const CALLS: Array<{ method: 'GET' | 'POST'; url: string; body?: unknown }> = [
  { method: 'GET', url: ADMIN_PATHS.me },
  { method: 'GET', url: `${ADMIN_PATHS.users}?q=a&page=1` },
  { method: 'GET', url: `${ADMIN_PATHS.user}?id=1` },
  { method: 'POST', url: ADMIN_PATHS.adjustCredits, body: { user_id: 1, amount: 50, reason: 'support ticket' } },
  { method: 'POST', url: ADMIN_PATHS.suspend, body: { user_id: 1, suspended: true, reason: 'abuse report' } },
  { method: 'POST', url: ADMIN_PATHS.sendReset, body: { user_id: 1, reason: 'locked out' } },
  { method: 'POST', url: ADMIN_PATHS.cancelSubscription, body: { user_id: 1, reason: 'asked to cancel' } },
  { method: 'GET', url: ADMIN_PATHS.dailyCaps },
  { method: 'POST', url: ADMIN_PATHS.dailyCaps, body: { plan: 'free', daily_cap: 10, reason: 'abuse wave' } },
  { method: 'GET', url: ADMIN_PATHS.audit },
  { method: 'GET', url: ADMIN_PATHS.abuse },
  { method: 'GET', url: `${ADMIN_OVERVIEW_PATH}?days=7` },
  { method: 'GET', url: ADMIN_PATHS.models },
  { method: 'POST', url: ADMIN_PATHS.models, body: { model_id: 'gpt-4o-mini', enabled: false, reason: 'provider outage' } },
  { method: 'POST', url: ADMIN_PATHS.defaultFavourites, body: { favourites: ['gpt-4o-mini'], reason: 'new default' } },
  { method: 'GET', url: ADMIN_PATHS.providers },
];

function call(c: TestClient, k: (typeof CALLS)[number]) {
  return k.method === 'GET' ? c.get(k.url) : c.post(k.url, k.body);
}

describe(`admin route guard on ${TEST_DB}`, () => {
  let t: TestApp;
  let victim: number;
  beforeAll(async () => {
    t = await createTestApp(ADMIN_ENV);
    victim = await signInAs(t, t.client(), { credits: 100 });
  });
  afterAll(async () => t.close());

  async function expectRefusedAll(c: TestClient) {
    for (const k of CALLS) {
      const res = await call(c, {
        ...k,
        url: k.url.replace('id=1', `id=${victim}`),
        body: k.body && { ...(k.body as object), user_id: victim },
      });
      expect(res.statusCode, `${k.method} ${k.url}`).toBe(403);
      expect(res.data).toMatchObject({ status: 'error', code: 'forbidden', message: 'This page is for operators only.' });
    }
    // Nothing changed: no credits, no suspension, no cap, no audit entry.
    const u = await t.ctx.db.kysely.selectFrom('users').selectAll().where('id', '=', victim).executeTakeFirstOrThrow();
    expect(u.credits).toBe(100);
    expect(u.suspended_at).toBeNull();
    expect(await t.ctx.db.kysely.selectFrom('plan_daily_caps').selectAll().execute()).toEqual([]);
    expect(await t.ctx.db.kysely.selectFrom('admin_audit').selectAll().execute()).toEqual([]);
    expect(await t.ctx.db.kysely.selectFrom('model_overrides').selectAll().execute()).toEqual([]);
  }

  it('refuses a guest on every admin route, even with bad input, without making a guest', async () => {
    const c = t.client();
    await expectRefusedAll(c);
    expect((await c.post(ADMIN_PATHS.adjustCredits, { amount: 'lots' })).statusCode).toBe(403);
    expect(c.cookies.size).toBe(0);
  });

  it('refuses an ordinary account', async () => {
    const c = t.client();
    await signInAs(t, c);
    await expectRefusedAll(c);
  });

  let unverified: TestClient;
  let unverifiedId: number;
  it('refuses an operator address whose e-mail is not verified', async () => {
    unverified = t.client();
    unverifiedId = await signInAs(t, unverified, { email: 'someone@else.test', verified: false });
    await expectRefusedAll(unverified);
  });

  it('refuses a suspended operator', async () => {
    const c = t.client();
    const id = await signInOperator(t, c);
    expect((await c.get(ADMIN_PATHS.me)).statusCode).toBe(200);
    await t.ctx.db.kysely.updateTable('users').set({ suspended_at: new Date().toISOString() }).where('id', '=', id).execute();
    // Its session's next call is told why (once); every call after that is refused as anyone else's.
    const told = await c.get(ADMIN_PATHS.me);
    expect(told.statusCode).toBe(403);
    expect(told.data).toMatchObject({ status: 'error', code: 'account_suspended' });
    await expectRefusedAll(c);
  });

  it('admits a verified operator listed in ADMIN_EMAILS (any case, spaces around)', async () => {
    const c = t.client();
    await signInAs(t, c, { email: 'another@example.test' });
    expect((await c.get(ADMIN_PATHS.me)).statusCode).toBe(403);
    const op = t.client();
    await signInAs(t, op, { email: OPERATOR_EMAIL.replace('ops', 'ops2') });
    expect((await op.get(ADMIN_PATHS.me)).statusCode).toBe(403);
    await t.ctx.db.kysely.updateTable('users').set({ email_verified: 1 }).where('id', '=', unverifiedId).execute();
    const real = unverified;
    // An operator now, but one whose session has not passed a second factor: refused on every route, told why.
    for (const k of CALLS) {
      const res = await call(real, { ...k, body: k.body && { ...(k.body as object), user_id: victim } });
      expect(res.statusCode, `${k.method} ${k.url}`).toBe(403);
      expect(res.data).toMatchObject({ code: 'forbidden', message: MESSAGES.operatorsNeedTwoFactor });
    }
    await enrolTwoFactor(real);
    const me = await real.get(ADMIN_PATHS.me);
    expect(me.statusCode).toBe(200);
    expect(me.data.operator.email).toBe('someone@else.test');
    // Bad input from an operator is a clear 400.
    const bad = await real.post(ADMIN_PATHS.adjustCredits, { user_id: victim, amount: 0, reason: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.message).toMatch(/amount: must not be 0/);
  });
});
