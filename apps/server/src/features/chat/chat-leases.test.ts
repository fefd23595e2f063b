import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@ensemble/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { readSse, replyTextOf } from '../../test/sse-client.js';
import { freePort } from '../../test/free-port.js';
import { until } from '../../test/until.js';
import { builtEntry } from '../../test/built-server.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SERVER_DIR = fileURLToPath(new URL('../../../', import.meta.url));

const ledger = (t: TestApp, reason: 'chat' | 'refund') =>
  t.ctx.db.kysely.selectFrom('credit_ledger').select('reference').where('reason', '=', reason).execute();

const ask = (c: TestClient, threadId: number | null, content: string, model = 'gpt-4o') =>
  c.post('/api/messages/chat.php', { thread_id: threadId, model, stream: true, messages: [{ content, role: 'user' }] });

describe.each([
  { hub: 'database leases', env: {} as Record<string, string> },
  { hub: 'Redis leases', env: { REDIS_URL } },
])(`stream leases on ${TEST_DB} with $hub`, ({ env }) => {
  const open: TestApp[] = [];
  afterEach(async () => {
    for (const t of open.splice(0).reverse()) await t.close();
  });

  it('leaves 10 replies in flight on A untouched while B restarts: exactly 10 charges, 0 refunds, all complete', async () => {
    // Slow enough that every reply is still being written when B comes back.
    const a = await createTestApp({ ...env, DEMO_TOKENS_PER_SECOND: '30' });
    open.push(a);
    const c = a.client();
    const threads: number[] = [];
    for (let i = 0; i < 10; i++) {
      const thread = (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id as number;
      expect((await ask(c, thread, `Question ${i}: explain photosynthesis`)).statusCode).toBe(200);
      threads.push(thread);
    }
    const replies = async () =>
      Promise.all(
        threads.map(async (id) => {
          const messages = (await c.post('/api/messages/get_messages.php', { thread_id: id })).data.messages;
          return messages.find((m: { role: string }) => m.role === 'assistant') as { status: string; content: string } | undefined;
        }),
      );

    const b = await createTestApp(env, { sharedWith: a });
    await b.close();
    const restarted = await createTestApp(env, { sharedWith: a });
    open.push(restarted);
    expect((await replies()).map((r) => r?.status)).toEqual(Array(10).fill('streaming'));

    await until(async () => (await replies()).every((r) => r?.status === 'complete'), 60_000);
    expect((await replies()).every((r) => (r?.content.length ?? 0) > 20)).toBe(true);
    expect(await ledger(a, 'chat')).toHaveLength(10);
    expect(await ledger(a, 'refund')).toHaveLength(0);
    expect((await c.post('/api/credits/check_credits.php', {})).data.credits_info.remaining).toBe(15);
  }, 90_000);

  // Where a lease is a round trip it is taken while the caller is looked up; a chat refused before its charge gives it back.
  it('holds no lease after chats refused before their charge (unknown model, no credits), and one while a reply runs', async () => {
    const a = await createTestApp({ ...env, DEMO_TOKENS_PER_SECOND: '30' });
    open.push(a);
    const leases = async () => {
      if (!a.ctx.redis) return (await a.ctx.db.kysely.selectFrom('stream_leases').select('stream_id').execute()).map((r) => r.stream_id);
      const keys = await a.ctx.redis.keys('ens:lease:*');
      const owners = keys.length ? await a.ctx.redis.mget(keys) : [];
      return keys.filter((_, i) => owners[i] === a.ctx.config.INSTANCE_ID).map((k) => k.slice('ens:lease:'.length));
    };
    const c = a.client();
    const thread = (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id as number;
    const unknown = await ask(c, thread, 'Hello', 'no-such-model');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(MESSAGES.modelNotFound);
    expect(await leases()).toEqual([]);

    const running = await ask(c, thread, 'Explain tides at length');
    expect(running.statusCode).toBe(200);
    expect(await leases()).toEqual([running.json().data.stream_id]);

    await a.ctx.db.kysely.updateTable('guests').set({ credits: 0, credits_used: 25 }).execute();
    const broke = await ask(c, thread, 'One more question');
    expect(broke.statusCode).toBe(402);
    expect(await leases()).toEqual([running.json().data.stream_id]);
  }, 60_000);
});

describe(`an instance killed mid-reply on ${TEST_DB}`, () => {
  let child: ChildProcess | undefined;
  let b: TestApp | undefined;
  afterEach(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await b?.close();
  });

  it('ends the reader on B within 30 s with the error event and [DONE], settled exactly once', async () => {
    b = await createTestApp(
      { REDIS_URL, DEMO_TOKENS_PER_SECOND: '20' },
      { leaseTiming: { ttlMs: 15_000, renewMs: 3_000, sweepMs: 1_000 } },
    );
    const baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
    // Instance A is a real process on the same database and Redis, with the default lease timing.
    const port = await freePort();
    const baseA = `http://127.0.0.1:${port}`;
    const database =
      TEST_DB === 'postgres' ? { DATABASE_URL: `${TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${b.pgSchema}`)}` } : {};
    let output = '';
    child = spawn(process.execPath, builtEntry('main'), {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: b.dataDir,
        PUBLIC_ORIGIN: 'http://localhost:3000',
        SESSION_SECRET: 'test-secret-test-secret-test-secret-42',
        REDIS_URL,
        DEMO_TOKENS_PER_SECOND: '20',
        LOG_LEVEL: 'warn',
        ...database,
      },
    });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    await until(async () => {
      if (child?.exitCode !== null) throw new Error(`instance A exited: ${output}`);
      return (await fetch(`${baseA}/api/health`).catch(() => null))?.status === 200;
    }, 30_000);

    const c = b.client();
    const thread = (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id as number;
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const post = await fetch(`${baseA}/api/messages/chat.php`, {
      method: 'POST',
      headers: { cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' },
      body: JSON.stringify({
        thread_id: thread,
        model: 'gpt-4o',
        stream: true,
        messages: [{ content: 'Tell me about tides', role: 'user' }],
      }),
    });
    expect(post.status).toBe(200);
    const streamId = ((await post.json()) as { data: { stream_id: string } }).data.stream_id;

    let killedAt = 0;
    let contentEvents = 0;
    const read = await readSse(`${baseB}/api/messages/chat.php?stream=true&stream_id=${streamId}`, {
      cookie,
      onEvent: (e) => {
        if (e.data.startsWith('{"content"') && ++contentEvents === 3) {
          killedAt = Date.now();
          child?.kill('SIGKILL');
        }
      },
    });
    const endedAfterMs = Date.now() - killedAt;
    expect(killedAt).toBeGreaterThan(0);
    expect(read.ended).toBe('done');
    expect(endedAfterMs).toBeLessThan(30_000);
    expect(read.events.at(-2)?.data).toBe(JSON.stringify({ error: MESSAGES.generatorStopped, message_code: 'generatorStopped' }));

    // The reply keeps the text that was saved, as interrupted, and the reader ends with exactly
    // that text (a rewind drops what A sent but had not saved); the charge is kept, once.
    const messages = (await c.post('/api/messages/get_messages.php', { thread_id: thread })).data.messages;
    const reply = messages.find((m: { role: string }) => m.role === 'assistant');
    expect(reply.status).toBe('interrupted');
    expect(reply.content.length).toBeGreaterThan(0);
    expect(replyTextOf(read.events)).toBe(reply.content);
    expect(await b.ctx.db.kysely.selectFrom('open_charges').selectAll().execute()).toEqual([]);
    expect(await ledger(b, 'chat')).toHaveLength(1);
    expect(await ledger(b, 'refund')).toHaveLength(0);
    expect((await c.post('/api/credits/check_credits.php', {})).data.credits_info.remaining).toBe(24);
  }, 90_000);
});
