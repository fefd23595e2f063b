import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@ensemble/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, TEST_DB, type TestApp, createTestApp } from '../../test/app-factory.js';
import { freePort } from '../../test/free-port.js';
import { type SseEvent, cookieOf, readSse, replyTextOf } from '../../test/sse-client.js';
import { until } from '../../test/until.js';
import { builtEntry } from '../../test/built-server.js';

const SERVER_DIR = fileURLToPath(new URL('../../../', import.meta.url));

/** The real server as a process of its own on `t`'s database, so it can be killed with -9 and started again. */
function startServer(t: TestApp, port: number): { child: ChildProcess; output: () => string } {
  const database =
    TEST_DB === 'postgres' ? { DATABASE_URL: `${TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${t.pgSchema}`)}` } : {};
  let output = '';
  const child = spawn(process.execPath, builtEntry('main'), {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: t.dataDir,
      PUBLIC_ORIGIN: 'http://localhost:3000',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-42',
      // Fast enough that a reader is well ahead of the last once-a-second save when the process dies.
      DEMO_TOKENS_PER_SECOND: '100',
      LOG_LEVEL: 'warn',
      ...database,
    },
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return { child, output: () => output };
}

async function healthy(base: string, server: { child: ChildProcess; output: () => string }): Promise<void> {
  let last = '';
  await until(async () => {
    if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output()}`);
    const res = await fetch(`${base}/api/health`).catch((error: Error) => error);
    last = res instanceof Error ? String(res.cause ?? res) : `${res.status} ${await res.text()}`;
    return last.startsWith('200');
    // Starting the server compiles it (tsx): on a shared machine that alone can take half a minute, as in the e2e harness.
  }, 60_000).catch((error) => {
    throw new Error(`${error}: last answer ${last}; output: ${server.output()}`);
  });
}

/** Reads an event stream until it ends or its server dies, keeping every event that arrived. */
async function readUntilGone(url: string, cookie: string, lastEventId: string | undefined, onEvent: (e: SseEvent) => void) {
  try {
    return (await readSse(url, { cookie, lastEventId, onEvent })).ended;
  } catch {
    return 'died' as const;
  }
}

describe(`a server killed with -9 while two users' replies stream, on ${TEST_DB}`, () => {
  const children: ChildProcess[] = [];
  let t: TestApp | undefined;
  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    await t?.close();
  });

  it('gives each reader that resumes after the restart exactly the saved reply, byte for byte', async () => {
    // Another instance on the same database, sweeping often: it hands the dead process's replies
    // over as soon as their leases lapse (15 s), instead of at the restarted server's next sweep.
    t = await createTestApp({}, { leaseTiming: { ttlMs: 15_000, renewMs: 3_000, sweepMs: 500 } });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = startServer(t, port);
    children.push(first.child);
    await healthy(base, first);

    const users = await Promise.all(
      ['Explain how a hash map works, at length', 'Tell me everything about tides'].map(async (prompt) => {
        const c = (t as TestApp).client();
        const thread = (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id as number;
        const cookie = cookieOf(c);
        const post = await fetch(`${base}/api/messages/chat.php`, {
          method: 'POST',
          headers: { cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' },
          body: JSON.stringify({ thread_id: thread, model: 'gpt-4o', stream: true, messages: [{ content: prompt, role: 'user' }] }),
        });
        expect(post.status).toBe(200);
        const { stream_id: streamId, message_id: messageId } = ((await post.json()) as { data: { stream_id: string; message_id: number } })
          .data;
        const url = `${base}/api/messages/chat.php?stream=true&model=gpt-4o&stream_id=${streamId}&message_id=${messageId}`;
        return { cookie, url, messageId, events: [] as SseEvent[] };
      }),
    );

    // Both read along; the process dies once each has well over a second of text.
    const started = Date.now();
    const enough = () => Date.now() - started > 1_500 && users.every((u) => replyTextOf(u.events).length > 200);
    const reads = users.map((u) =>
      readUntilGone(u.url, u.cookie, undefined, (e) => {
        u.events.push(e);
        if (enough() && first.child.exitCode === null) first.child.kill('SIGKILL');
      }),
    );
    expect(await Promise.all(reads)).toEqual(['died', 'died']);

    const second = startServer(t, port);
    children.push(second.child);
    await healthy(base, second);
    const status = async (messageId: number) =>
      (await t?.ctx.db.kysely.selectFrom('messages').select('status').where('id', '=', messageId).executeTakeFirst())?.status;
    // The replies are handed over as interrupted once the dead process's leases lapse.
    await until(async () => (await Promise.all(users.map((u) => status(u.messageId)))).every((s) => s === 'interrupted'), 40_000);

    for (const u of users) {
      const before = u.events.length;
      const lastId = u.events.filter((e) => e.eventId !== null).at(-1)?.eventId ?? undefined;
      expect(await readUntilGone(u.url, u.cookie, lastId, (e) => u.events.push(e))).toBe('done');
      expect(
        u.events
          .slice(before)
          .some((e) => e.data === JSON.stringify({ error: MESSAGES.generatorStopped, message_code: 'generatorStopped' })),
      ).toBe(true);
      const saved = await t.ctx.db.kysely.selectFrom('messages').select('content').where('id', '=', u.messageId).executeTakeFirstOrThrow();
      expect(saved.content.length).toBeGreaterThan(20);
      expect(replyTextOf(u.events)).toBe(saved.content);
    }
  }, 180_000);
});
