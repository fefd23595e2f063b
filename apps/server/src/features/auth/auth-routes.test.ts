import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';

const REGISTER = '/api/auth/register.php';
const LOGIN = '/api/auth/login.php';
const CHECK = '/api/auth/check_session.php';
const REFRESH = '/api/user/refresh_user.php';
const PASSWORD = 'violet-harbour-lantern-42';

let n = 0;
const uniqueEmail = () => `person${++n}.${Date.now().toString(36)}@example.com`;

describe('accounts: register and login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '5' });
  });
  afterAll(async () => t?.close());

  async function register(c: TestClient, email = uniqueEmail(), password = PASSWORD) {
    const res = await c.post(REGISTER, { email, username: 'Ada', password });
    return { res, email };
  }

  describe('register.php', () => {
    it('creates the account with 100 credits once, a ledger row, an activity row, and signs it in', async () => {
      const c = t.client();
      const email = `  Ada.Lovelace.${Date.now()}@Example.COM `;
      const res = await c.post(REGISTER, { email, username: ' Ada ', password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.data).toMatchObject({
        status: 'success',
        user: { email: email.trim().toLowerCase(), username: 'Ada', subscription_tier: 'free' },
      });
      expect(res.data.user).not.toHaveProperty('password_hash');
      const userId = res.data.user.id as number;

      const session = await c.get(CHECK);
      expect(session.statusCode).toBe(200);
      expect(session.data).toMatchObject({ status: 'success', user: { id: userId } });
      const credits = await c.post('/api/credits/check_credits.php', { required_credits: 0 });
      expect(credits.data.credits_info).toMatchObject({ remaining: 100, credits_used: 0 });

      const db = t.ctx.db.kysely;
      const ledger = await db.selectFrom('credit_ledger').selectAll().where('user_id', '=', userId).execute();
      expect(ledger).toEqual([expect.objectContaining({ delta: 100, balance_after: 100, reason: 'signup_grant' })]);
      const user = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
      expect(user.password_hash).not.toContain(PASSWORD);
      const activity = await db.selectFrom('activities').select(['activity_type']).where('user_id', '=', userId).execute();
      expect(activity.map((a) => a.activity_type)).toEqual(['register']);
    });

    it('refuses a taken address with 409 and changes nothing', async () => {
      const { email } = await register(t.client());
      const again = await t
        .client()
        .post(REGISTER, { email: email.toUpperCase(), username: 'Someone', password: 'another-long-phrase-77' });
      expect(again.statusCode).toBe(409);
      expect(again.data).toEqual({ status: 'error', code: 'conflict', message: 'An account with this e-mail already exists' });
      const rows = await t.ctx.db.kysely.selectFrom('users').select('username').where('email', '=', email).execute();
      expect(rows).toEqual([{ username: 'Ada' }]);
    });

    it.each([
      [{ email: 'not-an-email', username: 'A', password: PASSWORD }, 'email'],
      [{ username: 'A', password: PASSWORD }, 'email'],
      [{ email: 'a@example.com', username: '   ', password: PASSWORD }, 'username'],
      [{ email: 'a@example.com', username: 'A', password: 'short1' }, 'password'],
      [{ email: 'a@example.com', username: 'A' }, 'password'],
    ])('refuses bad input %j with 400 naming %s', async (body, field) => {
      const res = await t.client().post(REGISTER, body);
      expect(res.statusCode).toBe(400);
      expect(res.data.status).toBe('error');
      expect(res.data.message).toContain(field);
      const made = await t.ctx.db.kysely.selectFrom('users').select('id').where('email', '=', 'a@example.com').execute();
      expect(made).toHaveLength(0);
    });

    it.each(['password123', 'qwertyuiop', 'iloveyou1', '12345678', 'Password1', 'QWERTY123'])(
      'refuses the common password %s',
      async (password) => {
        const email = uniqueEmail();
        const res = await t.client().post(REGISTER, { email, username: 'A', password });
        expect(res.statusCode).toBe(400);
        expect(res.data.message).toBe('Password is one of the most commonly used passwords. Please choose a less common one.');
        expect(res.data.field).toBe('password');
        expect(await t.ctx.db.kysely.selectFrom('users').select('id').where('email', '=', email).execute()).toHaveLength(0);
      },
    );

    it('refuses a password that is the e-mail address', async () => {
      const email = uniqueEmail();
      const res = await t.client().post(REGISTER, { email, username: 'A', password: email });
      expect(res.statusCode).toBe(400);
      expect(res.data.message).toContain('Password must not be your e-mail address');
    });

    it('limits sign-ups per client address with 429 and Retry-After', async () => {
      const ip = '10.200.0.9';
      const codes: number[] = [];
      for (let i = 0; i < 11; i++)
        codes.push((await t.client({ ip }).post(REGISTER, { email: uniqueEmail(), username: 'A', password: PASSWORD })).statusCode);
      expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
      const refused = await t.client({ ip }).post(REGISTER, { email: uniqueEmail(), username: 'A', password: PASSWORD });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.data.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    });
  });

  describe('login.php', () => {
    it('signs in with a fresh session id; the old one stops working; a login activity is recorded', async () => {
      const { email, res: reg } = await register(t.client());
      const c = t.client();
      await c.get(CHECK);
      const guestCookie = c.cookies.get('ensemble_sid') as string;
      const res = await c.post(LOGIN, { email, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.data).toMatchObject({ status: 'success', user: { id: reg.data.user.id, email } });
      const userCookie = c.cookies.get('ensemble_sid') as string;
      expect(userCookie).toBeTruthy();
      expect(userCookie).not.toBe(guestCookie);
      expect((await c.get(CHECK)).data.status).toBe('success');

      const stale = t.client();
      stale.cookies.set('ensemble_sid', guestCookie);
      const staleRes = await stale.get(CHECK);
      expect(staleRes.statusCode).toBe(401);
      expect(staleRes.data).toMatchObject({ status: 'unauthorized' });
      expect(staleRes.data.user ?? null).toBeNull();
      // Refused without a new cookie, so a late request cannot overwrite the signed-in one.
      expect(staleRes.headers['set-cookie']).toBeUndefined();

      const activity = await t.ctx.db.kysely
        .selectFrom('activities')
        .select(['activity_type', 'description'])
        .where('user_id', '=', reg.data.user.id)
        .orderBy('id')
        .execute();
      expect(activity).toEqual([
        { activity_type: 'register', description: 'Created an account' },
        { activity_type: 'login', description: 'Signed in' },
      ]);
    });

    it('rotates the session id again when an already signed-in caller signs in', async () => {
      const { email } = await register(t.client());
      const c = t.client();
      await c.post(LOGIN, { email, password: PASSWORD });
      const first = c.cookies.get('ensemble_sid');
      await c.post(LOGIN, { email, password: PASSWORD });
      expect(c.cookies.get('ensemble_sid')).not.toBe(first);
      const old = t.client();
      old.cookies.set('ensemble_sid', first as string);
      expect((await old.get(REFRESH)).statusCode).toBe(401);
    });

    it('answers a wrong password and an unknown address alike with 401', async () => {
      const { email } = await register(t.client());
      const wrong = await t.client().post(LOGIN, { email, password: 'not-the-password' });
      const unknown = await t.client().post(LOGIN, { email: uniqueEmail(), password: PASSWORD });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.data).toMatchObject({ status: 'unauthorized', message: 'Invalid email or password' });
      }
    });

    it('refuses bad input with 400 naming the field', async () => {
      const res = await t.client().post(LOGIN, { email: 'nope', password: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.data.message).toContain('email');
      const noPassword = await t.client().post(LOGIN, { email: 'a@example.com' });
      expect(noPassword.statusCode).toBe(400);
      expect(noPassword.data.message).toContain('password');
    });

    it('locks an account after N failures with 429 and Retry-After, even for the right password', async () => {
      const { email } = await register(t.client());
      for (let i = 0; i < 3; i++) {
        const res = await t.client().post(LOGIN, { email, password: `wrong-${i}` });
        expect(res.statusCode).toBe(401);
      }
      const locked = await t.client().post(LOGIN, { email, password: PASSWORD });
      expect(locked.statusCode).toBe(429);
      expect(locked.data).toMatchObject({ status: 'error', message: 'Too many attempts. Please try again in 15 minutes.' });
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    });

    it('limits failures per client address across accounts', async () => {
      const ip = '10.201.0.7';
      const codes: number[] = [];
      for (let i = 0; i < 6; i++)
        codes.push((await t.client({ ip }).post(LOGIN, { email: uniqueEmail(), password: 'guessing-1234' })).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
      const { email } = await register(t.client());
      const other = await t.client().post(LOGIN, { email, password: PASSWORD });
      expect(other.statusCode).toBe(200);
    });

    it('does not count successful sign-ins as failures', async () => {
      const { email } = await register(t.client());
      for (let i = 0; i < 5; i++) expect((await t.client().post(LOGIN, { email, password: PASSWORD })).statusCode).toBe(200);
    });
  });
});
