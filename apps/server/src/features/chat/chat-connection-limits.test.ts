import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { type ScriptedOpenAI, startScriptedOpenAI } from '../../test/fakes/scripted-openai.js';
import { ATTACH_LIMITS, createRedisAttachLimiter } from './attach-limits.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** An attach held open over real HTTP: its status, headers and a way to hang up. */
interface Attach {
  status: number;
  retryAfter: string | undefined;
  body: Promise<string>;
  close(): void;
}

function attach(base: string, cookie: string, streamId: string, agent?: http.Agent): Promise<Attach> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/messages/chat.php?stream=true&stream_id=${streamId}`, { headers: { cookie }, agent }, (res) => {
      let text = '';
      const body = new Promise<string>((done) => {
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => done(text));
        res.on('close', () => done(text));
      });
      resolve({
        status: res.statusCode ?? 0,
        retryAfter: res.headers['retry-after'] as string | undefined,
        body,
        close: () => req.destroy(),
      });
    });
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}

const cookieOf = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function startStalledStream(c: TestClient): Promise<string> {
  const post = await c.post('/api/messages/chat.php', {
    model: 'gpt-4o',
    stream: true,
    is_comparison: true,
    messages: [{ content: 'Hi', role: 'user' }],
  });
  expect(post.statusCode).toBe(200);
  return post.data.data.stream_id;
}

for (const withRedis of [false, true]) {
  describe(`event-stream limits ${withRedis ? 'across instances through Redis' : 'in one instance'} on ${TEST_DB}`, () => {
    let provider: ScriptedOpenAI;
    let a: TestApp;
    let b: TestApp;
    let baseA: string;
    let baseB: string;
    beforeAll(async () => {
      provider = await startScriptedOpenAI();
      provider.script = { chunks: ['Waiting'], end: 'stall' };
      const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: provider.url, ...(withRedis ? { REDIS_URL } : {}) };
      a = await createTestApp(env);
      b = withRedis ? await createTestApp(env, { sharedWith: a }) : a;
      baseA = await a.app.listen({ port: 0, host: '127.0.0.1' });
      baseB = withRedis ? await b.app.listen({ port: 0, host: '127.0.0.1' }) : baseA;
    });
    afterAll(async () => {
      await provider.close();
      // The stalled replies now fail and settle before the apps go.
      await new Promise((resolve) => setTimeout(resolve, 300));
      if (withRedis) await b.close();
      await a.close();
    });

    it('lets 5 connections follow one stream; the 6th gets 429 with Retry-After until one leaves', async () => {
      const c = a.client();
      const streamId = await startStalledStream(c);
      const cookie = cookieOf(c);
      const open: Attach[] = [];
      for (let i = 0; i < 5; i++) open.push(await attach(i % 2 ? baseB : baseA, cookie, streamId));
      expect(open.map((x) => x.status)).toEqual([200, 200, 200, 200, 200]);
      for (const base of [baseA, baseB]) {
        const refused = await attach(base, cookie, streamId);
        expect(refused.status).toBe(429);
        expect(Number(refused.retryAfter)).toBeGreaterThan(0);
        expect(JSON.parse(await refused.body)).toMatchObject({ status: 'error', code: 'rate_limited' });
      }
      open[0]?.close();
      let again: Attach | undefined;
      for (let tries = 0; tries < 50 && again?.status !== 200; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        again = await attach(baseB, cookie, streamId);
      }
      expect(again?.status).toBe(200);
      for (const x of [...open, again]) x?.close();
    });

    it('lets one owner hold 20 event streams open at once; the 21st gets 429', async () => {
      const c = a.client();
      const streams: string[] = [];
      for (let i = 0; i < 5; i++) streams.push(await startStalledStream(c));
      const cookie = cookieOf(c);
      const open: Attach[] = [];
      for (let i = 0; i < ATTACH_LIMITS.perOwner; i++) open.push(await attach(i % 2 ? baseB : baseA, cookie, streams[i % 5] as string));
      expect(open.map((x) => x.status)).toEqual(Array(ATTACH_LIMITS.perOwner).fill(200));
      const over = await attach(baseA, cookie, streams[0] as string);
      expect(over.status).toBe(429);
      expect(JSON.parse(await over.body).message).toBe('Too many replies are open at once. Close some tabs and try again.');
      // Another owner is not affected.
      const other = a.client();
      const otherStream = await startStalledStream(other);
      const theirs = await attach(baseB, cookieOf(other), otherStream);
      expect(theirs.status).toBe(200);
      for (const x of [...open, theirs]) x.close();
    });

    it('still answers /api/health while one client opens 2,000 attaches', async () => {
      const c = a.client();
      const streamId = await startStalledStream(c);
      const cookie = cookieOf(c);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
      const statuses: number[] = [];
      const held: Attach[] = [];
      let healthOk = 0;
      let flooding = true;
      const health = (async () => {
        while (flooding) {
          const res = await fetch(`${baseA}/api/health`);
          if (res.ok) healthOk++;
          await res.arrayBuffer();
        }
      })();
      await Promise.all(
        Array.from({ length: 2000 }, async () => {
          const x = await attach(baseA, cookie, streamId, agent);
          statuses.push(x.status);
          if (x.status === 200) held.push(x);
          else await x.body;
        }),
      );
      flooding = false;
      await health;
      expect(statuses).toHaveLength(2000);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(1995);
      expect(healthOk).toBeGreaterThan(0);
      expect((await fetch(`${baseA}/api/health`)).status).toBe(200);
      for (const x of held) x.close();
      agent.destroy();
    });
  });
}

describe('attach counters in Redis', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
  });
  afterAll(() => redis.disconnect());

  it('free the places of an instance that died without releasing them once their leases lapse', async () => {
    const namespace = `test-${randomBytes(6).toString('hex')}`;
    const crashed = createRedisAttachLimiter(redis, namespace, { leaseMs: 300 });
    const survivor = createRedisAttachLimiter(redis, namespace, { leaseMs: 300 });
    for (let i = 0; i < 5; i++) expect(typeof (await crashed.acquire('s1', 'guest:1'))).toBe('object');
    expect(await survivor.acquire('s1', 'guest:1')).toBe('stream_full');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const lease = await survivor.acquire('s1', 'guest:1');
    expect(typeof lease).toBe('object');
    if (typeof lease === 'object') await lease.release();
  });

  it('keep a refreshed lease counted past its first term', async () => {
    const namespace = `test-${randomBytes(6).toString('hex')}`;
    const limiter = createRedisAttachLimiter(redis, namespace, { leaseMs: 300, limits: { perStream: 1, perOwner: 20 } });
    const lease = await limiter.acquire('s1', 'guest:1');
    if (typeof lease !== 'object') throw new Error('expected a lease');
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      await lease.refresh();
    }
    expect(await limiter.acquire('s1', 'guest:1')).toBe('stream_full');
    await lease.release();
    expect(typeof (await limiter.acquire('s1', 'guest:1'))).toBe('object');
  });
});

describe(`request deadlines on ${TEST_DB}`, () => {
  let t: TestApp;
  let base: string;
  let port: number;
  beforeAll(async () => {
    // A short deadline so the test need not wait the real 30 s; the mechanism is the same.
    t = await createTestApp({ DEMO_TOKENS_PER_SECOND: '150' }, { requestTimeoutMs: 1500 });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(base).port);
  });
  afterAll(async () => t.close());

  it('closes a connection whose body trickles in one byte at a time', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const started = Date.now();
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
    socket.write(
      'POST /api/credits/check_credits.php HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const trickle = setInterval(() => {
      if (!socket.destroyed) socket.write(' ');
    }, 200);
    const after = await Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 8000))]);
    clearInterval(trickle);
    socket.destroy();
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(5000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('does not cut an answer that takes longer than the request deadline', async () => {
    const c = t.client();
    const started = Date.now();
    const res = await fetch(`${base}/api/messages/chat.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ model: 'gpt-4o', is_comparison: true, messages: [{ content: 'Explain recursion with code', role: 'user' }] }),
    });
    const body = (await res.json()) as { status: string; data: { content: string } };
    expect(Date.now() - started).toBeGreaterThan(1500);
    expect(res.status).toBe(200);
    expect(body.data.content.length).toBeGreaterThan(100);
    expect(c).toBeDefined();
  });
});
