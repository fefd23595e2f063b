import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestClient, createTestApp } from '../test/app-factory.js';
import { signInNewAccount } from '../test/account-factory.js';

const EVIL = 'https://evil.example';
const TITLE = '/api/threads/update_thread_title.php';

describe('origin check: decided by method on the path the router matches', () => {
  let t: TestApp;
  let victim: TestClient;
  let threadId: number;
  beforeAll(async () => {
    t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_origin', STRIPE_WEBHOOK_SECRET: 'whsec_origin' });
    victim = t.client();
    await signInNewAccount(t, victim);
    const created = await victim.post('/api/threads/create_thread.php', { title: 'Kept title' });
    threadId = created.data.thread_id;
  });
  afterAll(async () => t?.close());

  async function title(): Promise<string> {
    const row = await t.ctx.db.kysely.selectFrom('threads').select('title').where('id', '=', threadId).executeTakeFirstOrThrow();
    return row.title;
  }

  const spellings = [
    '/api/threads/update_thread_title.php',
    '/%61pi/threads/update_thread_title.php',
    '/%61%70%69/threads/update_thread_title.php',
    '/api/threads/update%5Fthread%5Ftitle.php',
    '//api/threads/update_thread_title.php',
    '/api//threads/update_thread_title.php',
    '/api/../api/threads/update_thread_title.php',
    '/api/./threads/update_thread_title.php',
    '/API/threads/update_thread_title.php',
    '/Api/Threads/Update_Thread_Title.php',
    '/api/threads/update_thread_title.php?x=1',
  ];

  for (const url of spellings) {
    it(`refuses a foreign-origin POST to ${url} and changes nothing`, async () => {
      const res = await victim.request({
        method: 'POST',
        url,
        headers: { origin: EVIL, 'content-type': 'application/json' },
        payload: JSON.stringify({ thread_id: threadId, title: 'Hijacked' }),
      });
      // Before the fix /%61pi/ answered 200 and renamed the thread.
      expect(res.statusCode).toBe(403);
      expect(res.data).toMatchObject({ status: 'error', message: 'Cross-origin request refused' });
      expect(await title()).toBe('Kept title');
    });
  }

  it('refuses a same-site form post (text/plain, Sec-Fetch-Site: same-site) to /%61pi/auth/logout.php; the session lives', async () => {
    const res = await victim.request({
      method: 'POST',
      url: '/%61pi/auth/logout.php',
      headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'same-site', origin: 'https://blog.localhost:3000' },
      payload: 'x=1',
    });
    expect(res.statusCode).toBe(403);
    expect((await victim.get('/api/auth/check_session.php')).data).toMatchObject({ status: 'success' });
  });

  it('refuses a cross-site write that carries only Sec-Fetch-Site (no Origin), whatever the method', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await victim.request({
        method,
        url: `/api/threads/delete_thread.php?thread_id=${threadId}`,
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await title()).toBe('Kept title');
  });

  it('refuses Origin: null (sandboxed frames, some form posts)', async () => {
    const res = await victim.request({ method: 'POST', url: '/api/auth/logout.php', headers: { origin: 'null' }, payload: '' });
    expect(res.statusCode).toBe(403);
  });

  it('refuses foreign writes to paths that are not under /api at all', async () => {
    const res = await victim.request({ method: 'POST', url: '/prod/anything', headers: { origin: EVIL } });
    expect(res.statusCode).toBe(403);
  });

  it('accepts our own origin, a same-origin fetch and a typed navigation', async () => {
    const own = await victim.post(TITLE, { thread_id: threadId, title: 'Renamed by me' });
    expect(own.statusCode).toBe(200);
    const fetchSite = await victim.post(TITLE, { thread_id: threadId, title: 'Renamed again' }, { 'sec-fetch-site': 'same-origin' });
    expect(fetchSite.statusCode).toBe(200);
    const none = await victim.post(TITLE, { thread_id: threadId, title: 'Kept title' }, { 'sec-fetch-site': 'none' });
    expect(none.statusCode).toBe(200);
    expect(await title()).toBe('Kept title');
  });

  it('accepts a non-browser client that sends neither Origin nor Sec-Fetch-Site', async () => {
    const res = await victim.request({
      method: 'POST',
      url: '/api/credits/check_credits.php',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ status: 'success' });
  });

  it('leaves GET alone even from another origin (reads change nothing)', async () => {
    const res = await victim.get('/api/auth/check_session.php', { origin: EVIL, 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(200);
  });

  it('exempts the Stripe webhook, whatever its Origin, by the route matched (signature still checked)', async () => {
    for (const url of ['/api/subscription/webhook.php', '/%61pi/subscription/webhook.php']) {
      const res = await t
        .client()
        .request({ method: 'POST', url, headers: { origin: EVIL, 'content-type': 'application/json' }, payload: '{}' });
      expect(res.statusCode).toBe(400);
      expect(res.data).toMatchObject({ status: 'error', message: 'Invalid webhook signature' });
    }
  });
});
