import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/app-factory.js';

const PROXY = '127.0.0.1';
const CHECK_CREDITS = '/api/credits/check_credits.php';

// Each case is one client at one real address, behind one trusted proxy that appends what it saw
// to whatever X-Forwarded-For the client sent; the client forges a new leftmost address each time.
for (const trust of ['1', '127.0.0.1', '127.0.0.0/8,::1'] as const) {
  describe(`TRUST_PROXY=${trust}: a spoofed leftmost X-Forwarded-For changes nothing`, () => {
    let t: TestApp;
    const realClient = `198.51.${[...randomBytes(2)].join('.')}`;
    let forged = 0;
    const headers = () => ({ 'x-forwarded-for': `203.0.113.${++forged % 250}, ${realClient}` });
    beforeAll(async () => {
      t = await createTestApp({ TRUST_PROXY: trust, GUESTS_PER_ADDRESS_PER_DAY: '5' });
    });
    afterAll(async () => t?.close());

    it('mints no extra funded guests: 20 cookie-less visits get 25 credits 5 times', async () => {
      const balances: number[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await t.client({ ip: PROXY }).post(CHECK_CREDITS, { required_credits: 0 }, headers());
        expect(res.statusCode).toBe(200);
        balances.push(res.data.credits_info.remaining);
      }
      // Before the fix (TRUST_PROXY=true): 20 funded guests.
      expect(balances.filter((b) => b === 25)).toHaveLength(5);
      expect(balances.slice(5).every((b) => b === 0)).toBe(true);
      const rows = await t.ctx.db.kysely.selectFrom('guests').select('client_address').execute();
      expect(new Set(rows.map((r) => r.client_address))).toEqual(new Set([realClient]));
    });

    it('keeps the login, register and reset limits on the real address', async () => {
      const login: number[] = [];
      for (let i = 0; i < 31; i++) {
        const email = `nobody.${randomBytes(4).toString('hex')}@example.com`;
        login.push((await t.client({ ip: PROXY }).post('/api/auth/login.php', { email, password: 'guess-guess-1' }, headers())).statusCode);
      }
      expect(login.slice(0, 30).every((c) => c === 401)).toBe(true);
      expect(login[30]).toBe(429);

      const register: number[] = [];
      for (let i = 0; i < 11; i++) {
        const email = `new.${randomBytes(4).toString('hex')}@example.com`;
        const body = { email, username: 'New', password: 'violet-harbour-lantern-42' };
        register.push((await t.client({ ip: PROXY }).post('/api/auth/register.php', body, headers())).statusCode);
      }
      expect(register.slice(0, 10).every((c) => c === 200)).toBe(true);
      expect(register[10]).toBe(429);

      const reset: number[] = [];
      for (let i = 0; i < 6; i++) {
        const email = `who.${randomBytes(4).toString('hex')}@example.com`;
        reset.push((await t.client({ ip: PROXY }).post('/api/auth/reset-password.php', { email }, headers())).statusCode);
      }
      expect(reset).toEqual([200, 200, 200, 200, 200, 429]);
    });

    it('still tells real clients apart behind the proxy', async () => {
      const res = await t
        .client({ ip: PROXY })
        .post(CHECK_CREDITS, { required_credits: 0 }, { 'x-forwarded-for': `198.18.${[...randomBytes(2)].join('.')}` });
      expect(res.data.credits_info.remaining).toBe(25);
    });
  });
}

describe('TRUST_PROXY unset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GUESTS_PER_ADDRESS_PER_DAY: '1' });
  });
  afterAll(async () => t?.close());

  it('ignores X-Forwarded-For entirely', async () => {
    const ip = `198.51.${[...randomBytes(2)].join('.')}`;
    const first = await t.client({ ip }).post(CHECK_CREDITS, { required_credits: 0 }, { 'x-forwarded-for': '203.0.113.1' });
    const second = await t.client({ ip }).post(CHECK_CREDITS, { required_credits: 0 }, { 'x-forwarded-for': '203.0.113.2' });
    expect([first.data.credits_info.remaining, second.data.credits_info.remaining]).toEqual([25, 0]);
  });
});
