import { type Server, type Socket, connect, createServer } from 'node:net';
import { MESSAGES } from '@ensemble/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, TEST_DB, type TestApp, createTestApp } from '../../test/app-factory.js';
import { creditsOf } from '../../test/account-factory.js';
import { freePort } from '../../test/free-port.js';
import { ownRedis } from '../../test/own-services.js';
import { until } from '../../test/until.js';

const READY = '/api/ready';

/** A TCP relay to PostgreSQL on a port of its own: closing it is the database going away, opening it again its return. */
async function postgresRelay(): Promise<{ port: number; open(): Promise<void>; close(): Promise<void> }> {
  const target = new URL(TEST_DATABASE_URL);
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const open = () =>
    new Promise<void>((resolve) => {
      if (server?.listening) return resolve();
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', () => undefined);
          s.on('close', () => {
            sockets.delete(s);
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  const close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server?.listening) return resolve();
      server.close(() => resolve());
    });
  await open();
  return { port, open, close };
}

describe(`GET /api/ready on ${TEST_DB}`, () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('reports each dependency, and Redis going away and coming back, without a restart', async () => {
    const redis = await ownRedis();
    cleanup.push(() => redis.stop());
    const t: TestApp = await createTestApp({ REDIS_URL: redis.url });
    cleanup.push(() => t.close());
    const c = t.client();

    const ready = await c.get(READY);
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.data).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok', storage: 'ok' } });

    const thread = (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id as number;
    const credits = await creditsOf(c);
    await redis.stop();
    // A chat meanwhile is refused with "try again shortly", and costs nothing.
    const chat = await c.post('/api/messages/chat.php', {
      thread_id: thread,
      model: 'gpt-4o',
      stream: true,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(chat.statusCode, chat.body).toBe(503);
    expect(chat.headers['retry-after']).toBe('5');
    expect(chat.data).toMatchObject({ code: 'unavailable', message: MESSAGES.serviceBusy });
    expect(await creditsOf(c)).toBe(credits);
    const messages = (await c.post('/api/messages/get_messages.php', { thread_id: thread })).data.messages as Array<{ status: string }>;
    expect(messages.filter((m) => m.status === 'streaming')).toEqual([]);
    const down = await c.get(READY);
    expect(down.statusCode).toBe(200);
    expect(down.data).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'unreachable', storage: 'ok' } });
    // The liveness check is not the readiness check.
    expect((await c.get('/api/health')).statusCode).toBe(200);

    await redis.start();
    await until(async () => (await c.get(READY)).data.checks.redis === 'ok', 15_000);
  }, 60_000);

  it('says Redis is not configured when REDIS_URL is not set', async () => {
    const t = await createTestApp();
    cleanup.push(() => t.close());
    const ready = await t.client().get(READY);
    expect(ready.data).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'not_configured', storage: 'ok' } });
  });

  it.runIf(TEST_DB === 'postgres')(
    'answers 503 with Retry-After while PostgreSQL is unreachable, and ready again once it is back',
    async () => {
      const relay = await postgresRelay();
      cleanup.push(() => relay.close());
      const url = new URL(TEST_DATABASE_URL);
      url.host = `127.0.0.1:${relay.port}`;
      const t = await createTestApp({ DATABASE_URL: url.toString() });
      cleanup.push(async () => {
        await relay.open();
        await t.close();
      });
      const c = t.client();
      expect((await c.get(READY)).statusCode).toBe(200);
      // A guest with a thread (its session check answers 401 "Not signed in", as the spec has it for guests).
      const thread = (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id as number;
      expect((await c.get('/api/auth/check_session.php')).statusCode).toBe(401);

      // A connection lent out when PostgreSQL goes away: its error must not end the process (pg-pool takes its own
      // listener off a lent connection).
      const lent = await t.ctx.db.pool?.connect();
      await relay.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      lent?.release(true);
      // What a user does meanwhile gets a clear "try again shortly", never a 500.
      const asked = [
        await c.get('/api/auth/check_session.php'),
        await c.get('/api/threads/get_all_threads.php'),
        await c.post('/api/messages/chat.php', {
          thread_id: thread,
          model: 'gpt-4o',
          stream: true,
          messages: [{ role: 'user', content: 'Hi' }],
        }),
        await c.post('/api/threads/create_thread.php', { force: true }),
      ];
      for (const res of asked) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.data).toMatchObject({
          status: 'error',
          code: 'unavailable',
          message: MESSAGES.serviceBusy,
          message_code: 'serviceBusy',
        });
      }
      const down = await c.get(READY);
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.data).toEqual({ status: 'unavailable', checks: { database: 'unreachable', redis: 'not_configured', storage: 'ok' } });

      await relay.open();
      await until(async () => (await c.get(READY)).statusCode === 200, 15_000);
      expect((await c.get(READY)).data.checks.database).toBe('ok');
      // The same instance, with no restart: the guest goes on.
      expect((await c.get('/api/auth/check_session.php')).data.message).toBe('Not signed in');
      expect((await c.post('/api/threads/create_thread.php', { force: true })).statusCode).toBe(200);
    },
    60_000,
  );
});
