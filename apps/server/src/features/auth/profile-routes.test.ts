import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';

const REGISTER = '/api/auth/register.php';
const LOGOUT = '/api/auth/logout.php';
const CHECK = '/api/auth/check_session.php';
const STATS = '/api/auth/user_handler.php';
const REFRESH = '/api/user/refresh_user.php';
const PASSWORD = 'violet-harbour-lantern-42';

let n = 0;
const uniqueEmail = () => `person${++n}.${Date.now().toString(36)}@example.com`;

describe('accounts: logout and profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  async function register(c: TestClient, email = uniqueEmail(), password = PASSWORD) {
    const res = await c.post(REGISTER, { email, username: 'Ada', password });
    return { res, email };
  }

  describe('logout.php', () => {
    it('ends the server session and clears the cookie; the next contact is a new guest', async () => {
      const c = t.client();
      const { res: reg } = await register(c);
      const signedIn = c.cookies.get('ensemble_sid') as string;
      const out = await c.post(LOGOUT, {});
      expect(out.statusCode).toBe(200);
      expect(out.data).toMatchObject({ status: 'success' });
      expect(String(out.headers['set-cookie'])).toMatch(/ensemble_sid=;/);
      expect(c.cookies.has('ensemble_sid')).toBe(false);

      const replay = t.client();
      replay.cookies.set('ensemble_sid', signedIn);
      expect((await replay.get(REFRESH)).statusCode).toBe(401);
      const sessions = await t.ctx.db.kysely.selectFrom('sessions').select('id_hash').where('user_id', '=', reg.data.user.id).execute();
      expect(sessions).toHaveLength(0);

      const next = await c.get(CHECK);
      expect(next.statusCode).toBe(401);
      const credits = await c.post('/api/credits/check_credits.php', { required_credits: 0 });
      expect(credits.data.credits_info.remaining).toBe(25);
    });
  });

  describe('refresh_user.php and GET user_handler.php', () => {
    it('refuse guests with 401', async () => {
      const c = t.client();
      await c.get(CHECK);
      for (const url of [REFRESH, STATS]) {
        const res = await c.get(url);
        expect(res.statusCode).toBe(401);
        expect(res.data).toMatchObject({ status: 'unauthorized' });
      }
    });

    it('give the signed-in user and their own figures only', async () => {
      const c = t.client();
      const { res: reg } = await register(c);
      const userId = reg.data.user.id as number;
      const other = t.client();
      const { res: otherReg } = await register(other);
      const db = t.ctx.db.kysely;
      const at = new Date().toISOString();
      const mine = await db
        .insertInto('threads')
        .values([
          { user_id: userId, guest_id: null, title: 'One', message_count: 2, created_at: at, updated_at: at },
          { user_id: userId, guest_id: null, title: 'Two', message_count: 1, created_at: at, updated_at: at },
        ])
        .returning('id')
        .execute();
      const theirs = await db
        .insertInto('threads')
        .values({ user_id: otherReg.data.user.id, guest_id: null, title: 'Theirs', message_count: 1, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      const msg = (thread_id: number, role: string) => ({
        thread_id,
        role,
        type: 'text',
        content: 'hi',
        model: null,
        metadata: null,
        status: 'complete',
        created_at: at,
        updated_at: at,
      });
      await db
        .insertInto('messages')
        .values([msg(mine[0]!.id, 'user'), msg(mine[0]!.id, 'assistant'), msg(mine[1]!.id, 'user'), msg(theirs.id, 'user')])
        .execute();
      await c.post('/api/credits/check_credits.php', { required_credits: 0 });
      await db.updateTable('users').set({ credits: 93, credits_used: 7 }).where('id', '=', userId).execute();

      const stats = await c.get(STATS);
      expect(stats.statusCode).toBe(200);
      expect(stats.data).toEqual({
        status: 'success',
        stats: {
          total_messages: 3,
          total_threads: 2,
          credits_used: 7,
          credits_remaining: 93,
          subscription_tier: 'free',
          subscription_status: 'none',
          subscription_end_date: null,
        },
        user: expect.objectContaining({ id: userId }),
      });

      const refreshed = await c.get(REFRESH);
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.data).toMatchObject({ status: 'success', user: { id: userId, email: reg.data.user.email } });
    });
  });

  describe('language.php', () => {
    const LANGUAGE = '/api/user/language.php';

    it("keeps an account's language for its every session, refuses an unknown one and guests, and clears with null", async () => {
      const c = t.client();
      const { email } = await register(c);
      expect((await c.get(CHECK)).data.user.language).toBeNull();

      const set = await c.post(LANGUAGE, { language: 'pt-BR' });
      expect(set.statusCode).toBe(200);
      expect(set.data).toEqual({ status: 'success', language: 'pt-BR' });

      const other = t.client();
      expect((await other.post('/api/auth/login.php', { email, password: PASSWORD })).statusCode).toBe(200);
      expect((await other.get(CHECK)).data.user.language).toBe('pt-BR');

      for (const body of [{ language: 'pt' }, { language: 'xx' }, {}, { language: 7 }]) {
        const bad = await c.post(LANGUAGE, body);
        expect(bad.statusCode).toBe(400);
        expect(bad.data.status).toBe('error');
      }
      expect((await c.get(REFRESH)).data.user.language).toBe('pt-BR');

      expect((await c.post(LANGUAGE, { language: null })).data).toEqual({ status: 'success', language: null });
      expect((await other.get(CHECK)).data.user.language).toBeNull();

      const guest = t.client();
      await guest.get(CHECK);
      const refused = await guest.post(LANGUAGE, { language: 'de' });
      expect(refused.statusCode).toBe(401);
      expect(refused.data).toMatchObject({ status: 'unauthorized' });
    });
  });
});
