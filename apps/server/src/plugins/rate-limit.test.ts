import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/app-factory.js';
import { type RateLimiter, createRateLimiter } from './rate-limit.js';

// The Redis store is exercised against a real Redis (TEST_REDIS_URL, default the local one).
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function limiterContract(name: string, make: () => RateLimiter) {
  describe(name, () => {
    const key = () => `test:${randomBytes(6).toString('hex')}`;

    it('allows up to the limit in a window, then refuses with the time left', async () => {
      const limiter = make();
      const k = key();
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await limiter.hit(k, 3, 60_000));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
      expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4]);
      expect(results[0]?.retryAfterMs).toBe(0);
      expect(results[3]?.retryAfterMs).toBeGreaterThan(55_000);
      expect(results[3]?.retryAfterMs).toBeLessThanOrEqual(60_000);
    });

    it('peeks without counting', async () => {
      const limiter = make();
      const k = key();
      expect((await limiter.peek(k, 2, 60_000)).allowed).toBe(true);
      await limiter.hit(k, 2, 60_000);
      expect(await limiter.peek(k, 2, 60_000)).toMatchObject({ allowed: true, count: 1 });
      await limiter.hit(k, 2, 60_000);
      const full = await limiter.peek(k, 2, 60_000);
      expect(full.allowed).toBe(false);
      expect(full.retryAfterMs).toBeGreaterThan(0);
      expect(full.count).toBe(2);
    });

    it('starts a new window once the old one has ended', async () => {
      const limiter = make();
      const k = key();
      await limiter.hit(k, 1, 50);
      expect((await limiter.hit(k, 1, 50)).allowed).toBe(false);
      await new Promise((r) => setTimeout(r, 120));
      expect(await limiter.hit(k, 1, 50)).toMatchObject({ allowed: true, count: 1 });
      expect((await limiter.peek(k, 1, 50)).allowed).toBe(false);
    });

    it('counts concurrent hits exactly once each', async () => {
      const limiter = make();
      const k = key();
      const results = await Promise.all(Array.from({ length: 20 }, () => limiter.hit(k, 5, 60_000)));
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });

    it('reserves under every key or none, and counts concurrent reservations exactly', async () => {
      const limiter = make();
      const [a, b] = [key(), key()];
      const both = [
        { key: a, limit: 3 },
        { key: b, limit: 5 },
      ];
      const results = await Promise.all(Array.from({ length: 40 }, () => limiter.reserve(both, 60_000)));
      expect(results.filter((r) => r.allowed)).toHaveLength(3);
      const refused = results.find((r) => !r.allowed);
      expect(refused?.retryAfterMs).toBeGreaterThan(55_000);
      // The refused 37 added nothing to b: it holds exactly the 3 granted.
      expect((await limiter.peek(b, 5, 60_000)).count).toBe(3);
      expect((await limiter.peek(a, 3, 60_000)).allowed).toBe(false);
    });

    it('gives a released reservation back, once', async () => {
      const limiter = make();
      const k = key();
      const first = await limiter.reserve([{ key: k, limit: 2 }], 60_000);
      await limiter.reserve([{ key: k, limit: 2 }], 60_000);
      expect((await limiter.reserve([{ key: k, limit: 2 }], 60_000)).allowed).toBe(false);
      await first.release();
      await first.release();
      expect((await limiter.peek(k, 2, 60_000)).count).toBe(1);
      expect((await limiter.reserve([{ key: k, limit: 2 }], 60_000)).allowed).toBe(true);
      expect((await limiter.reserve([{ key: k, limit: 2 }], 60_000)).allowed).toBe(false);
    });

    it('keeps keys apart', async () => {
      const limiter = make();
      const a = key();
      const b = key();
      await limiter.hit(a, 1, 60_000);
      expect((await limiter.hit(a, 1, 60_000)).allowed).toBe(false);
      expect((await limiter.hit(b, 1, 60_000)).allowed).toBe(true);
    });
  });
}

describe('createRateLimiter', () => {
  let t: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    t = await createTestApp();
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    redis?.disconnect();
    await t?.close();
  });

  limiterContract('over the rate_limits table', () => createRateLimiter({ ...t.ctx, redis: null }));
  limiterContract('over Redis', () => createRateLimiter({ ...t.ctx, redis }));

  it('counts one deployment together and apart from another on the same Redis', async () => {
    const k = `shared:${randomBytes(6).toString('hex')}`;
    const here = createRateLimiter({ ...t.ctx, redis });
    const sameDeployment = createRateLimiter({ ...t.ctx, redis });
    const elsewhere = createRateLimiter({ ...t.ctx, redis, namespace: `other-${randomBytes(4).toString('hex')}` });
    await here.hit(k, 2, 60_000);
    expect(await sameDeployment.hit(k, 2, 60_000)).toMatchObject({ allowed: true, count: 2 });
    expect((await here.hit(k, 2, 60_000)).allowed).toBe(false);
    expect(await elsewhere.hit(k, 2, 60_000)).toMatchObject({ allowed: true, count: 1 });
  });

  it('keeps its database counters in the rate_limits table', async () => {
    const limiter = createRateLimiter({ ...t.ctx, redis: null });
    await limiter.hit('visible-key', 5, 60_000);
    await limiter.hit('visible-key', 5, 60_000);
    const row = await t.ctx.db.kysely.selectFrom('rate_limits').selectAll().where('key', '=', 'visible-key').executeTakeFirstOrThrow();
    expect(row.count).toBe(2);
  });

  it('refuses windows longer than a day', async () => {
    const limiter = createRateLimiter({ ...t.ctx, redis: null });
    await expect(limiter.hit('x', 1, 2 * 24 * 3600 * 1000)).rejects.toThrow(/window/);
  });
});
