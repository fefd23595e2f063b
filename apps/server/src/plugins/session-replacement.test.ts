import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, TestClient, createTestApp } from '../test/app-factory.js';

describe('a session replaced at sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('refuses a request still carrying the old cookie, without minting a guest or touching the cookie', async () => {
    const browser = t.client();
    await browser.get('/api/auth/check_session.php');
    const guestCookie = browser.cookies.get('ensemble_sid') as string;
    // A background request that left before the sign-in and arrives after it.
    const late = new TestClient(t, browser.ip);
    late.cookies.set('ensemble_sid', guestCookie);

    const signup = await browser.post('/api/auth/register.php', {
      email: 'late@example.com',
      username: 'late',
      password: 'Quiet-harbour-lamp-81',
    });
    expect(signup.statusCode).toBe(200);
    expect(browser.cookies.get('ensemble_sid')).not.toBe(guestCookie);
    const guestsBefore = await t.ctx.db.kysely.selectFrom('guests').select('id').execute();

    const stale = await late.post('/api/credits/check_credits.php', {});
    expect(stale.statusCode).toBe(401);
    expect(stale.data).toMatchObject({ status: 'unauthorized', message: 'Your session was replaced by a new sign-in. Please try again.' });
    expect(stale.headers['set-cookie']).toBeUndefined();
    expect(await t.ctx.db.kysely.selectFrom('guests').select('id').execute()).toHaveLength(guestsBefore.length);

    const fresh = await browser.get('/api/auth/check_session.php');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.data.user.username).toBe('late');
  });

  it('treats an unknown or expired cookie as a new visitor with a new guest', async () => {
    const c = t.client();
    c.cookies.set('ensemble_sid', 'A'.repeat(43));
    const res = await c.get('/api/auth/check_session.php');
    expect(res.statusCode).toBe(401);
    expect(res.data.status).toBe('unauthorized');
    expect(c.cookies.get('ensemble_sid')).not.toBe('A'.repeat(43));
  });
});
