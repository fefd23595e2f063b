import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_PATHS, AUTH_PATHS, MESSAGES } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, createTestApp } from '../../test/app-factory.js';
import { enrolTwoFactor } from '../two-factor/two-factor-test-kit.js';
import { ADMIN_ENV, OPERATOR_EMAIL, signInOperator } from './admin-test-kit.js';

const PASSWORD = 'a long and unusual passphrase 42';

/** The link of the newest mail to an address in the outbox. */
async function mailedLink(t: TestApp, to: string): Promise<string> {
  const outbox = path.join(t.dataDir, 'outbox');
  for (let i = 0; i < 50; i++) {
    try {
      const mail = readdirSync(outbox)
        .sort()
        .reverse()
        .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
        .find((m) => m.includes(`To: ${to}`) && m.includes('verify_email.php'));
      const link = mail?.replace(/=\r?\n/g, '').match(/http:\/\/localhost:3000\/api\/auth\/verify_email\.php\?token=3D([\w-]+)/);
      if (link) return `/api/auth/verify_email.php?token=${link[1]}`;
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no verification mail');
}

describe(`operator identity on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ADMIN_ENV);
  });
  afterAll(async () => t.close());

  it('a password account on the operator list becomes an operator only once its mailed link is followed', async () => {
    const c = t.client();
    const reg = await c.post(AUTH_PATHS.register, { email: OPERATOR_EMAIL, username: 'Ops', password: PASSWORD });
    expect(reg.statusCode).toBe(200);
    // Until verified it works as any account, but is not an operator.
    expect((await c.get(ADMIN_PATHS.me)).statusCode).toBe(403);
    expect((await c.post('/api/credits/check_credits.php', {})).data.credits_info.remaining).toBe(100);

    const link = await mailedLink(t, OPERATOR_EMAIL);
    const other = t.client();
    const bad = await other.get('/api/auth/verify_email.php?token=not-a-token');
    expect(bad.statusCode).toBe(303);
    expect(bad.headers.location).toBe('/prod/settings?email_verified=0');
    expect((await c.get(ADMIN_PATHS.me)).statusCode).toBe(403);

    const ok = await other.get(link);
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/prod/settings?email_verified=1');
    // An operator now, who must turn on two-factor sign-in before the console opens.
    const enrol = await c.get(ADMIN_PATHS.me);
    expect(enrol.statusCode).toBe(403);
    expect(enrol.data.message).toBe(MESSAGES.operatorsNeedTwoFactor);
    await enrolTwoFactor(c);
    expect((await c.get(ADMIN_PATHS.me)).data.operator.email).toBe(OPERATOR_EMAIL);
    // Single use.
    expect((await other.get(link)).headers.location).toBe('/prod/settings?email_verified=0');
    const resend = await c.post(AUTH_PATHS.sendVerification, {});
    expect(resend.data.message).toBe('Your e-mail address is already confirmed.');
  });

  it('a suspended account cannot sign in; lifting the suspension lets it back in', async () => {
    const op = t.client();
    await signInOperator(t, op);
    const c = t.client();
    await c.post(AUTH_PATHS.register, { email: 'member@example.test', username: 'Member', password: PASSWORD });
    const id = (await c.get('/api/auth/check_session.php')).data.user.id;
    await op.post(ADMIN_PATHS.suspend, { user_id: Number(id), suspended: true, reason: 'Spam' });
    const login = await t.client().post(AUTH_PATHS.login, { email: 'member@example.test', password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.data.message).toBe('This account is suspended. Contact support if you think this is a mistake.');
    await op.post(ADMIN_PATHS.suspend, { user_id: Number(id), suspended: false, reason: 'Appeal accepted' });
    expect((await t.client().post(AUTH_PATHS.login, { email: 'member@example.test', password: PASSWORD })).statusCode).toBe(200);
  });

  it('a guest cannot ask for a verification mail', async () => {
    expect((await t.client().post(AUTH_PATHS.sendVerification, {})).statusCode).toBe(401);
  });
});
