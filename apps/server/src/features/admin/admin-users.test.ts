import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_PATHS } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, createTestApp } from '../../test/app-factory.js';
import { PRICE_PRO, buyPlan, startBillingHarness } from '../billing/billing-test-kit.js';
import { ADMIN_ENV, chatOnce, signInAs, signInOperator } from './admin-test-kit.js';

describe(`operator user tools on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ADMIN_ENV);
  });
  afterAll(async () => t.close());

  it('finds accounts by e-mail or name, any case, a page at a time, and shows one', async () => {
    const op = t.client();
    await signInOperator(t, op);
    const ids: number[] = [];
    for (let i = 0; i < 27; i++) ids.push(await signInAs(t, t.client(), { email: `zebra${i}@findme.test`, username: `Zed ${i}` }));
    await signInAs(t, t.client(), { email: 'other@nowhere.test', username: 'Quiet_Person' });

    const p1 = await op.get(`${ADMIN_PATHS.users}?q=FINDME`);
    expect(p1.statusCode).toBe(200);
    expect(p1.data.total).toBe(27);
    expect(p1.data.users).toHaveLength(25);
    expect(p1.data.users[0].email).toBe('zebra26@findme.test');
    const p2 = await op.get(`${ADMIN_PATHS.users}?q=findme&page=2`);
    expect(p2.data.users.map((u: { email: string }) => u.email)).toEqual(['zebra1@findme.test', 'zebra0@findme.test']);
    const byName = await op.get(`${ADMIN_PATHS.users}?q=${encodeURIComponent('quiet_p')}`);
    expect(byName.data.users.map((u: { username: string }) => u.username)).toEqual(['Quiet_Person']);
    // % and _ are literal, not wildcards.
    expect((await op.get(`${ADMIN_PATHS.users}?q=${encodeURIComponent('zebra_')}`)).data.total).toBe(0);
    expect((await op.get(`${ADMIN_PATHS.users}?q=${encodeURIComponent('%')}`)).data.total).toBe(0);

    const detail = await op.get(`${ADMIN_PATHS.user}?id=${ids[3]}`);
    expect(detail.data.user).toMatchObject({ email: 'zebra3@findme.test', plan: 'free', credits: 100, suspended: false, thread_count: 0 });
    expect((await op.get(`${ADMIN_PATHS.user}?id=999999`)).statusCode).toBe(404);
    expect((await op.get(`${ADMIN_PATHS.user}?id=abc`)).statusCode).toBe(400);
    // Hostile input from an operator is a clear 400 on both databases, never a 500.
    expect((await op.get(`${ADMIN_PATHS.users}?q=${encodeURIComponent('a\u0000b')}`)).statusCode).toBe(400);
    expect((await op.get(`${ADMIN_PATHS.user}?id=${'9'.repeat(30)}`)).statusCode).toBe(400);
    expect((await op.get(`${ADMIN_PATHS.user}?id=2147483648`)).statusCode).toBe(400);
  });

  it('grants and deducts credits with a reason; ledger, balance and audit log reconcile', async () => {
    const op = t.client();
    const opId = await signInOperator(t, op);
    const user = t.client();
    const id = await signInAs(t, user, { credits: 10 });
    expect((await chatOnce(user)).statusCode).toBe(200);

    const grant = await op.post(ADMIN_PATHS.adjustCredits, { user_id: id, amount: 50, reason: 'Sorry for the outage' });
    expect(grant.statusCode).toBe(200);
    expect(grant.data.message).toBe('Granted 50 credits');
    expect(grant.data.user.credits).toBe(59);
    const deduct = await op.post(ADMIN_PATHS.adjustCredits, { user_id: id, amount: -9, reason: 'Duplicate grant' });
    expect(deduct.data.user.credits).toBe(50);
    // Never below 0: the answer says how much can go, and nothing changes.
    const tooMuch = await op.post(ADMIN_PATHS.adjustCredits, { user_id: id, amount: -51, reason: 'Too much' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.data.message).toBe('The balance is 50 credits; you can deduct at most 50.');
    expect((await op.post(ADMIN_PATHS.adjustCredits, { user_id: id, amount: 5, reason: '' })).statusCode).toBe(400);
    expect((await op.post(ADMIN_PATHS.adjustCredits, { user_id: 999999, amount: 5, reason: 'nobody' })).statusCode).toBe(404);

    const meter = await user.post('/api/credits/check_credits.php', { required_credits: 0 });
    expect(meter.data.credits_info.remaining).toBe(50);
    const ledger = await t.ctx.db.kysely.selectFrom('credit_ledger').selectAll().where('user_id', '=', id).orderBy('id').execute();
    expect(ledger.map((r) => [r.delta, r.reason])).toEqual([
      [-1, 'chat'],
      [50, 'admin_grant'],
      [-9, 'admin_deduct'],
    ]);
    expect(10 + ledger.reduce((s, r) => s + r.delta, 0)).toBe(50);
    expect(ledger.at(-1)?.balance_after).toBe(50);
    expect(ledger[1]?.reference).toBe('ops@example.test: Sorry for the outage');

    const audit = await op.get(ADMIN_PATHS.audit);
    const mine = audit.data.entries.filter((e: { target: string }) => e.target === `user:${id}`);
    expect(
      mine.map((e: { action: string; before: unknown; after: unknown; reason: string }) => [e.action, e.before, e.after, e.reason]),
    ).toEqual([
      ['deduct_credits', { credits: 59 }, { credits: 50 }, 'Duplicate grant'],
      ['grant_credits', { credits: 9 }, { credits: 59 }, 'Sorry for the outage'],
    ]);
    const row = await t.ctx.db.kysely.selectFrom('admin_audit').selectAll().where('target', '=', `user:${id}`).executeTakeFirstOrThrow();
    expect(row.actor_user_id).toBe(opId);

    const detail = await op.get(`${ADMIN_PATHS.user}?id=${id}`);
    expect(detail.data.user.usage_by_model).toEqual([{ model: 'gpt-4o-mini', requests: 1, credits: 1 }]);
    expect(detail.data.user.ledger[0]).toMatchObject({ delta: -9, reason: 'admin_deduct' });
  });

  it('mails a password reset link to the account and records it', async () => {
    const op = t.client();
    await signInOperator(t, op);
    const id = await signInAs(t, t.client(), { email: 'locked.out@example.test' });
    const res = await op.post(ADMIN_PATHS.sendReset, { user_id: id, reason: 'Lost access, ticket 12' });
    expect(res.statusCode).toBe(200);
    expect(res.data.message).toBe('A password reset link was mailed to locked.out@example.test');
    const outbox = path.join(t.dataDir, 'outbox');
    const mails = readdirSync(outbox).map((f) => readFileSync(path.join(outbox, f), 'utf8'));
    expect(mails.some((m) => m.includes('To: locked.out@example.test') && m.includes('/prod/reset-password?token='))).toBe(true);
    const audit = await t.ctx.db.kysely.selectFrom('admin_audit').selectAll().where('target', '=', `user:${id}`).execute();
    expect(audit.map((a) => [a.action, a.reason])).toEqual([['send_password_reset', 'Lost access, ticket 12']]);
  });
});

describe(`suspension across two instances on ${TEST_DB}`, () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp(ADMIN_ENV);
    b = await createTestApp(ADMIN_ENV, TEST_DB === 'postgres' ? { databaseOf: a } : { sharedWith: a });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('refuses a suspended account at once on the other instance: no session, no spending, no sign-in', async () => {
    const op = a.client();
    await signInOperator(a, op);
    const userOnB = b.client();
    const id = await signInAs(b, userOnB, { credits: 100 });
    const cookie = [...userOnB.cookies.entries()];
    expect((await userOnB.get('/api/auth/check_session.php')).statusCode).toBe(200);

    const res = await op.post(ADMIN_PATHS.suspend, { user_id: id, suspended: true, reason: 'Chargeback fraud' });
    expect(res.statusCode).toBe(200);
    expect(res.data.user.suspended).toBe(true);

    const replay = b.client();
    for (const [k, v] of cookie) replay.cookies.set(k, v);
    // The session's next request is told why, once; then it is gone.
    const told = await replay.get('/api/auth/check_session.php');
    expect(told.statusCode).toBe(403);
    expect(told.data.message).toBe('This account is suspended. Contact support if you think this is a mistake.');
    for (const [k, v] of cookie) replay.cookies.set(k, v);
    expect((await replay.get('/api/user/refresh_user.php')).statusCode).toBe(401);
    const sessions = await b.ctx.db.kysely.selectFrom('sessions').selectAll().where('user_id', '=', id).execute();
    expect(sessions).toEqual([]);
    const u = await b.ctx.db.kysely.selectFrom('users').select('credits').where('id', '=', id).executeTakeFirstOrThrow();
    expect(u.credits).toBe(100);

    // Suspending yourself is refused; lifting it is audited like the rest.
    const self = await op.post(ADMIN_PATHS.suspend, {
      user_id: (await op.get(ADMIN_PATHS.me)).data.operator.id,
      suspended: true,
      reason: 'oops',
    });
    expect(self.statusCode).toBe(400);
    const lift = await op.post(ADMIN_PATHS.suspend, { user_id: id, suspended: false, reason: 'Resolved with the bank' });
    expect(lift.data.user.suspended).toBe(false);
    const audit = await a.ctx.db.kysely
      .selectFrom('admin_audit')
      .select(['action', 'reason'])
      .where('target', '=', `user:${id}`)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'suspend', reason: 'Chargeback fraud' },
      { action: 'unsuspend', reason: 'Resolved with the bank' },
    ]);
  });
});

describe(`cancelling a subscription at its period end on ${TEST_DB}`, () => {
  it('asks Stripe to stop at the period end and shows the end date', async () => {
    const h = await startBillingHarness(ADMIN_ENV);
    try {
      const op = h.t.client();
      await signInOperator(h.t, op);
      const user = h.t.client();
      const id = await signInAs(h.t, user, { credits: 100 });
      const { subscription, sessionId } = await buyPlan(h, user, PRICE_PRO);
      expect((await user.post('/api/subscription/verify_session.php', { session_id: sessionId })).statusCode).toBe(200);
      const none = await op.post(ADMIN_PATHS.cancelSubscription, { user_id: await signInAs(h.t, h.t.client()), reason: 'asked' });
      expect(none.statusCode).toBe(409);
      const res = await op.post(ADMIN_PATHS.cancelSubscription, { user_id: id, reason: 'Asked by mail to stop billing' });
      expect(res.statusCode).toBe(200);
      expect(h.stripe.subscriptions.get(subscription.id as string)?.cancel_at_period_end).toBe(true);
      expect(res.data.user.subscription_status).toBe('canceled');
      expect(res.data.message).toMatch(/^The subscription will end on \d{4}-\d{2}-\d{2}$/);
    } finally {
      await h.close();
    }
  });
});
