import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { TEST_DATABASE_URL, TEST_DB, type TestApp, createTestApp } from '../test/app-factory.js';

describe('foundation: sessions, guests, errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GUESTS_PER_ADDRESS_PER_DAY: '2' });
  });
  afterAll(async () => t.close());

  it('answers 401 unauthorized to a guest and sets an HttpOnly SameSite=Lax session cookie', async () => {
    const c = t.client();
    const res = await c.get('/api/auth/check_session.php');
    expect(res.statusCode).toBe(401);
    expect(res.data).toMatchObject({ status: 'unauthorized' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/ensemble_sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
  });

  it('keeps the same guest with 25 credits on every call with the cookie', async () => {
    const c = t.client();
    await c.get('/api/auth/check_session.php');
    for (let i = 0; i < 3; i++) {
      const res = await c.post('/api/credits/check_credits.php', { required_credits: 0 });
      expect(res.statusCode).toBe(200);
      expect(res.data.credits_info).toMatchObject({ remaining: 25, credits_used: 0, status: 'active' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const guests = await t.ctx.db.kysely.selectFrom('guests').select('id').where('client_address', '=', c.ip).execute();
    expect(guests).toHaveLength(1);
  });

  it('stores only a hash of the session id', async () => {
    const c = t.client();
    await c.get('/api/auth/check_session.php');
    const raw = c.cookies.get('ensemble_sid') as string;
    const rows = await t.ctx.db.kysely.selectFrom('sessions').select('id_hash').execute();
    expect(rows.some((r) => r.id_hash === raw)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id_hash))).toBe(true);
  });

  it('gives new guests from one address 0 credits past the daily limit', async () => {
    const balances: number[] = [];
    const unfunded: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      const c = t.client({ ip: '10.77.0.1' });
      const res = await c.post('/api/credits/check_credits.php', { required_credits: 0 });
      balances.push(res.data.credits_info.remaining);
      unfunded.push(res.data.guest_unfunded);
    }
    expect(balances).toEqual([25, 25, 0, 0]);
    // The client is told why: this guest got nothing because the network's funded guests are used up.
    expect(unfunded).toEqual([undefined, undefined, true, true]);
  });

  it('reports a short balance for required_credits above it', async () => {
    const c = t.client();
    const res = await c.post('/api/credits/check_credits.php', { required_credits: 30 });
    expect(res.data.status).toBe('credits_exhausted');
    expect(res.data.message).toBe(
      'Insufficient anonymous credits. This model requires 30 credit(s), but you only have 25 remaining. Sign up to get 100 free credits!',
    );
  });

  it('ignores a forged or unknown session cookie and makes a new guest', async () => {
    const c = t.client();
    c.cookies.set('ensemble_sid', 'forged-value-that-is-not-a-session');
    const res = await c.get('/api/auth/check_session.php');
    expect(res.statusCode).toBe(401);
    expect(c.cookies.get('ensemble_sid')).not.toBe('forged-value-that-is-not-a-session');
  });

  it('refuses a state-changing call from another origin with 403 and accepts same-origin', async () => {
    const c = t.client();
    const evil = await c.post('/api/credits/check_credits.php', {}, { origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    expect(evil.data).toMatchObject({ status: 'error', message: 'Cross-origin request refused' });
    const ours = await c.post('/api/credits/check_credits.php', {}, { origin: 'http://localhost:3000' });
    expect(ours.statusCode).toBe(200);
  });

  it('answers malformed JSON, a wrong field type, a 2 MB body and an unknown path with JSON errors, then goes on', async () => {
    const c = t.client();
    const malformed = await c.request({
      method: 'POST',
      url: '/api/credits/check_credits.php',
      payload: '{"required_credits":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.data).toEqual({ status: 'error', code: 'bad_request', message: 'Malformed JSON in request body' });

    const wrongType = await c.post('/api/credits/check_credits.php', { required_credits: 'lots' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.data.status).toBe('error');
    expect(wrongType.data.message).toContain('required_credits');

    const big = await c.request({
      method: 'POST',
      url: '/api/credits/check_credits.php',
      payload: `{"x":"${'a'.repeat(2 * 1024 * 1024)}"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
    expect(big.data).toMatchObject({ status: 'error', message: 'Request body is larger than 1 MB' });

    const unknown = await c.get('/api/does/not/exist.php');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.data).toMatchObject({ status: 'error' });

    const after = await c.post('/api/credits/check_credits.php', { required_credits: 0 });
    expect(after.statusCode).toBe(200);
  });

  it('sets security headers: CSP without inline script, nosniff, no framing, referrer policy', async () => {
    const res = await t.client().get('/api/health');
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'[^;]*;/);
    expect(csp.split(';').find((d) => d.includes('script-src'))).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('serves one SVG icon per provider family and 404s an unknown one', async () => {
    const c = t.client();
    for (const name of ['openai', 'anthropic', 'google', 'meta', 'xai', 'deepseek', 'flux', 'ideogram', 'stability']) {
      const res = await c.get(`/api/assets/icons/${name}.svg`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.body).toContain('<svg');
    }
    expect((await c.get('/api/assets/icons/../../config.ts')).statusCode).toBe(404);
  });

  it('answers the front-end and payment configuration without keys', async () => {
    const c = t.client();
    const fe = await c.get('/api/config/get_frontend_config.php');
    expect(fe.data).toMatchObject({ google_client_id: '' });
    const cfg = await c.get('/api/config/get_config.php');
    expect(cfg.data).toMatchObject({ publishableKey: '', priceIds: { pro: '', premium: '' }, paymentsEnabled: false });
    expect(cfg.data.subscriptionTiers.pro).toMatchObject({ price: 10, listPrice: 15, credits: 2000 });
    expect(cfg.data.subscriptionTiers.premium).toMatchObject({ price: 25, listPrice: 30, credits: 5000 });
  });

  it('redirects / to /prod', async () => {
    const res = await t.client().get('/');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/prod');
  });
});

describe('health', () => {
  it('answers 200 while the database answers and 503 once it does not', async () => {
    const t = await createTestApp();
    const c = t.client();
    expect((await c.get('/api/health')).statusCode).toBe(200);
    await t.ctx.db.kysely.destroy();
    const down = await c.get('/api/health');
    expect(down.statusCode).toBe(503);
    expect(down.data).toEqual({ status: 'error', code: 'unavailable', message: 'Database unavailable' });
    await t.close().catch(() => {});
  });
});

describe.runIf(TEST_DB === 'postgres')('PostgreSQL connections', () => {
  it('keeps serving when the server drops an idle connection, and health answers while every pooled connection is busy', async () => {
    const t = await createTestApp({ DATABASE_POOL_MAX: '2' });
    try {
      const c = t.client();
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(t.ctx.db.kysely);
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      try {
        // What a restart, a failover or an administrator does to a connection resting in the pool.
        await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
        await new Promise((resolve) => setTimeout(resolve, 300));
      } finally {
        await admin.end();
      }
      expect((await c.get('/api/health')).statusCode).toBe(200);
      // A request that reads and writes (a guest and its session) gets a fresh connection.
      expect((await c.post('/api/credits/check_credits.php', {})).statusCode).toBe(200);

      // Both pooled connections held by slow statements: health still answers from its own connection.
      const busy = [1.5, 3].map((s) => sql`select pg_sleep(${s})`.execute(t.ctx.db.kysely));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const first = await Promise.race([
        c.get('/api/health').then((r) => `health ${r.statusCode}`),
        busy[0]?.then(() => 'a pooled connection freed'),
      ]);
      expect(first).toBe('health 200');
      await Promise.all(busy);
    } finally {
      await t.close();
    }
  });
});
