import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/app-factory.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REGISTER = '/api/auth/register.php';
const LOGIN = '/api/auth/login.php';
const PASSWORD = 'violet-harbour-lantern-42';

// Random addresses keep parallel runs (SQLite, PostgreSQL, Redis) off each other's Redis counters.
const uniqueEmail = () => `owner.${randomBytes(6).toString('hex')}@example.com`;
const randomIp = () => `10.${[...randomBytes(3)].join('.')}`;

for (const store of ['database', 'Redis'] as const) {
  describe(`login throttle over the ${store}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(store === 'Redis' ? { REDIS_URL } : {});
    });
    afterAll(async () => t?.close());

    async function register(): Promise<string> {
      const email = uniqueEmail();
      const res = await t.client({ ip: randomIp() }).post(REGISTER, { email, username: 'Owner', password: PASSWORD });
      expect(res.statusCode).toBe(200);
      return email;
    }

    it('checks at most 10 passwords out of 300 parallel logins from one address; the right one (#151) does not get in', async () => {
      const email = await register();
      const ATTACKER = randomIp();
      const OWNER = randomIp();
      const attempts = Array.from({ length: 300 }, (_, i) =>
        t.client({ ip: ATTACKER }).post(LOGIN, { email, password: i === 150 ? PASSWORD : `guess-number-${i}` }),
      );
      const results = await Promise.all(attempts);
      const codes = results.map((r) => r.statusCode);
      const checked = codes.filter((c) => c !== 429).length;
      // Before the fix: 192 passwords checked and #151 signed in.
      expect(checked).toBeLessThanOrEqual(10);
      expect(codes.filter((c) => c === 200)).toHaveLength(0);
      expect(codes[150]).toBe(429);
      expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
      const refused = results.find((r) => r.statusCode === 429);
      expect(refused?.data).toMatchObject({ status: 'error', message: expect.stringMatching(/^Too many attempts/) });
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);

      // The owner, at another address, still signs in at once.
      const owner = await t.client({ ip: OWNER }).post(LOGIN, { email, password: PASSWORD });
      expect(owner.statusCode).toBe(200);
      expect(owner.data).toMatchObject({ status: 'success', user: { email } });
    });

    it('keeps refusing the attacking address after the owner signs in elsewhere', async () => {
      const email = await register();
      const ATTACKER = randomIp();
      const OWNER = randomIp();
      for (let i = 0; i < 10; i++)
        expect((await t.client({ ip: ATTACKER }).post(LOGIN, { email, password: `nope-${i}` })).statusCode).toBe(401);
      expect((await t.client({ ip: OWNER }).post(LOGIN, { email, password: PASSWORD })).statusCode).toBe(200);
      expect((await t.client({ ip: ATTACKER }).post(LOGIN, { email, password: PASSWORD })).statusCode).toBe(429);
    });

    it('does not let refused attempts push the account towards its own limit', async () => {
      const email = await register();
      const ATTACKER = randomIp();
      const OWNER = randomIp();
      // 10 failures, then 500 refused tries from the same address: the account-wide count stays at 10.
      for (let i = 0; i < 10; i++) await t.client({ ip: ATTACKER }).post(LOGIN, { email, password: `nope-${i}` });
      const refused = await Promise.all(
        Array.from({ length: 500 }, () => t.client({ ip: ATTACKER }).post(LOGIN, { email, password: 'still-wrong-1' })),
      );
      expect(refused.every((r) => r.statusCode === 429)).toBe(true);
      // 9 more addresses may each fail 10 times (90 more, 100 in all) before the account itself locks.
      for (let a = 1; a <= 9; a++) {
        const ip = randomIp();
        for (let i = 0; i < 10; i++) {
          const res = await t.client({ ip }).post(LOGIN, { email, password: `nope-${a}-${i}` });
          expect(res.statusCode).toBe(401);
        }
      }
      expect((await t.client({ ip: OWNER }).post(LOGIN, { email, password: PASSWORD })).statusCode).toBe(429);
    });

    it('gives a successful login back, so an owner who signs in often is never locked out', async () => {
      const email = await register();
      const OWNER = randomIp();
      for (let i = 0; i < 9; i++) await t.client({ ip: OWNER }).post(LOGIN, { email, password: `typo-${i}` });
      for (let i = 0; i < 15; i++) expect((await t.client({ ip: OWNER }).post(LOGIN, { email, password: PASSWORD })).statusCode).toBe(200);
    });
  });
}
