import { MESSAGES, SESSION_PATHS } from '@ensemble/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { contentOf, cookieOf, readSse, startThreadReply } from '../../test/sse-client.js';
import { describeUserAgent, networkOf } from './devices.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const PASSWORD = 'violet-harbour-lantern-42';

describe('what a session list says of a device', () => {
  it('names the network of an address, never the address', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(networkOf('2001:db8:1:2::5')).toBe('2001:db8:1::/48');
    expect(networkOf('2001:0db8:00aa:ffff:1:2:3:4')).toBe('2001:db8:aa::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
    expect(networkOf('not an address')).toBeNull();
  });

  it('tells the browser and system of common user agents, and phones', () => {
    expect(describeUserAgent(CHROME_WINDOWS)).toEqual({ browser: 'Chrome', os: 'Windows', mobile: false });
    expect(describeUserAgent(FIREFOX_LINUX)).toEqual({ browser: 'Firefox', os: 'Linux', mobile: false });
    expect(describeUserAgent(SAFARI_IPHONE)).toEqual({ browser: 'Safari', os: 'iOS', mobile: true });
    expect(describeUserAgent(`${CHROME_WINDOWS} Edg/131.0.0.0`)).toEqual({ browser: 'Edge', os: 'Windows', mobile: false });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', os: 'Android', mobile: true });
    expect(
      describeUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36'),
    ).toEqual({
      browser: 'Chrome',
      os: 'Linux',
      mobile: false,
    });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: null, os: null, mobile: false });
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null, mobile: false });
  });
});

/** Signs in with the password from a browser of its own (its user agent and address). */
async function signIn(t: TestApp, email: string, userAgent: string, ip: string): Promise<TestClient> {
  const c = t.client({ ip });
  const res = await c.request({
    method: 'POST',
    url: '/api/auth/login.php',
    json: { email, password: PASSWORD },
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode, res.body).toBe(200);
  return c;
}

async function register(t: TestApp, userAgent: string, ip: string): Promise<{ email: string; c: TestClient }> {
  const email = `devices-${Math.random().toString(36).slice(2)}@example.test`;
  const c = t.client({ ip });
  const res = await c.request({
    method: 'POST',
    url: '/api/auth/register.php',
    json: { email, username: 'Devices', password: PASSWORD },
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { email, c };
}

/** A session's next request is told it was signed out, once; then it is a stranger. */
async function expectSignedOut(c: TestClient) {
  const told = await c.get(SESSION_PATHS.list);
  expect(told.statusCode).toBe(401);
  expect(told.data).toMatchObject({ status: 'unauthorized', message: MESSAGES.sessionExpired });
  expect((await c.get('/api/auth/check_session.php')).data.user ?? null).toBeNull();
}

describe(`signed-in devices on ${TEST_DB}`, () => {
  const open: TestApp[] = [];
  afterEach(async () => {
    for (const t of open.splice(0).reverse()) await t.close();
  });

  it('lists the account’s devices, this one first; signs one out, which is refused at its next request', async () => {
    const t = await createTestApp();
    open.push(t);
    const { email, c: laptop } = await register(t, CHROME_WINDOWS, '203.0.113.7');
    const desktop = await signIn(t, email, FIREFOX_LINUX, '198.51.100.20');
    const phone = await signIn(t, email, SAFARI_IPHONE, '2001:db8:5:6::9');

    const list = await laptop.get(SESSION_PATHS.list);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const sessions = list.data.sessions as Array<Record<string, unknown>>;
    expect(sessions.map((s) => [s.browser, s.os, s.mobile, s.network, s.current])).toEqual([
      ['Chrome', 'Windows', false, '203.0.113.0/24', true],
      expect.anything(),
      expect.anything(),
    ]);
    expect(
      sessions
        .slice(1)
        .map((s) => s.browser)
        .sort(),
    ).toEqual(['Firefox', 'Safari']);
    expect(sessions.find((s) => s.browser === 'Safari')).toMatchObject({
      os: 'iOS',
      mobile: true,
      network: '2001:db8:5::/48',
      current: false,
    });
    for (const s of sessions) expect(s.id).toMatch(/^[0-9a-f]{24}$/);
    expect(JSON.stringify(list.data)).not.toContain('203.0.113.7');

    // The phone sees itself first, and the same ids.
    const fromPhone = (await phone.get(SESSION_PATHS.list)).data.sessions as Array<{ id: string; current: boolean }>;
    expect(fromPhone[0]?.current).toBe(true);
    expect(fromPhone.map((s) => s.id).sort()).toEqual(sessions.map((s) => s.id).sort());

    const firefox = sessions.find((s) => s.browser === 'Firefox')?.id as string;
    expect((await laptop.post(SESSION_PATHS.signOut, { id: firefox })).data).toEqual({ status: 'success' });
    await expectSignedOut(desktop);
    expect(((await laptop.get(SESSION_PATHS.list)).data.sessions as unknown[]).length).toBe(2);

    // Its own session, an unknown id, another account's session.
    const own = sessions[0]?.id as string;
    expect((await laptop.post(SESSION_PATHS.signOut, { id: own })).statusCode).toBe(400);
    expect((await laptop.post(SESSION_PATHS.signOut, { id: firefox })).statusCode).toBe(404);
    const stranger = (await register(t, CHROME_WINDOWS, '203.0.113.8')).c;
    expect((await stranger.post(SESSION_PATHS.signOut, { id: fromPhone[0]?.id })).statusCode).toBe(404);
    expect((await phone.get(SESSION_PATHS.list)).statusCode).toBe(200);
    expect((await laptop.post(SESSION_PATHS.signOut, {})).statusCode).toBe(400);
  });

  it('signs out every other device at once, and keeps this one', async () => {
    const t = await createTestApp();
    open.push(t);
    const { email, c: keep } = await register(t, CHROME_WINDOWS, '203.0.113.7');
    const others = [await signIn(t, email, FIREFOX_LINUX, '198.51.100.20'), await signIn(t, email, SAFARI_IPHONE, '198.51.100.21')];
    const res = await keep.post(SESSION_PATHS.signOutOthers, {});
    expect(res.data).toEqual({ status: 'success', signed_out: 2 });
    for (const c of others) await expectSignedOut(c);
    const left = (await keep.get(SESSION_PATHS.list)).data.sessions as Array<{ current: boolean }>;
    expect(left).toHaveLength(1);
    expect(left[0]?.current).toBe(true);
    expect((await keep.post(SESSION_PATHS.signOutOthers, {})).data).toEqual({ status: 'success', signed_out: 0 });
    // An expired session is neither listed nor counted.
    await signIn(t, email, FIREFOX_LINUX, '198.51.100.22');
    await t.ctx.db.kysely
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_agent', '=', FIREFOX_LINUX)
      .execute();
    expect(((await keep.get(SESSION_PATHS.list)).data.sessions as unknown[]).length).toBe(1);
    expect((await keep.post(SESSION_PATHS.signOutOthers, {})).data).toEqual({ status: 'success', signed_out: 0 });
  });

  it('is for accounts: a guest is refused, a caller without a session is asked to sign in', async () => {
    const t = await createTestApp();
    open.push(t);
    const guest = t.client();
    await guest.get('/api/auth/check_session.php');
    expect((await guest.get(SESSION_PATHS.list)).statusCode).toBe(403);
    expect((await guest.post(SESSION_PATHS.signOutOthers, {})).statusCode).toBe(403);
    expect((await t.client().get(SESSION_PATHS.list)).statusCode).toBe(401);
  });

  it('ends the signed-out device’s running reply on the other instance too (Redis), and refuses it there', async () => {
    const a = await createTestApp({ REDIS_URL, DEMO_TOKENS_PER_SECOND: '4' });
    open.push(a);
    const b = await createTestApp(
      { REDIS_URL, DEMO_TOKENS_PER_SECOND: '4' },
      TEST_DB === 'postgres' ? { databaseOf: a } : { sharedWith: a },
    );
    open.push(b);
    const baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
    const { email, c: onA } = await register(a, CHROME_WINDOWS, '203.0.113.7');
    const onB = await signIn(b, email, FIREFOX_LINUX, '198.51.100.20');

    const reply = await startThreadReply(onB, 'Tell me a long story about lighthouses');
    let first!: () => void;
    const started = new Promise<void>((resolve) => {
      first = resolve;
    });
    const reading = readSse(`${baseB}/api/messages/chat.php?stream=true&stream_id=${reply.streamId}`, {
      cookie: cookieOf(onB),
      onEvent: (e) => {
        if (contentOf([e]).length > 0) first();
      },
    });
    await started;

    const firefox = ((await onA.get(SESSION_PATHS.list)).data.sessions as Array<{ id: string; browser: string }>).find(
      (s) => s.browser === 'Firefox',
    )?.id;
    expect((await onA.post(SESSION_PATHS.signOut, { id: firefox })).statusCode).toBe(200);
    const read = await reading;
    expect(read.ended).toBe('done');
    let saved: { status: string } | undefined;
    for (let i = 0; i < 100 && saved?.status !== 'stopped'; i++) {
      saved = await b.ctx.db.kysely.selectFrom('messages').select('status').where('id', '=', reply.messageId).executeTakeFirst();
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(saved?.status).toBe('stopped');
    await expectSignedOut(onB);
    expect((await onA.get(SESSION_PATHS.list)).statusCode).toBe(200);
  }, 60_000);
});
