import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@ensemble/shared';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { newGuest, signInNewAccount } from '../../test/account-factory.js';
import { type OwnPostgres, type OwnRedis, ownPostgres, ownRedis } from '../../test/own-services.js';
import { type TestS3, startTestS3 } from '../../test/s3-server.js';
import { cookieOf } from '../../test/sse-client.js';
import { until } from '../../test/until.js';
import type { LeaseTiming } from '../chat/leases.js';

/**
 * Issue 44, item 5: two instances on PostgreSQL, Redis and S3 (s3rver) under a steady load of streaming chats (and
 * image generations), through a PostgreSQL restart, a Redis restart and S3 gone for 30 s. Every answer is a success
 * or a clear error (503 with Retry-After when a retry helps), never a 500 or a stack; the instances recover by
 * themselves; no charge is lost or doubled and no reply stays `streaming`. The test starts its own PostgreSQL and
 * Redis (never the machine's shared ones, which other test files use at the same time).
 */

const CHAT = '/api/messages/chat.php';
const READY = '/api/ready';
const HEALTH = '/api/health';
const CREDITS = 100_000;
// Leases and sweeps as in production, scaled down so a dead reply is handed over within seconds.
const TIMING: LeaseTiming = { ttlMs: 6_000, renewMs: 2_000, sweepMs: 2_000 };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the load saw. */
interface Tally {
  requests: number;
  /** 4xx, or 503 with Retry-After, each with a JSON message. */
  clear: number;
  status500: number;
  /** Any other failure (a 5xx that is not a 503 with Retry-After, a body without a message): must be none. */
  unclear: string[];
  /** Answers whose body shows a stack trace: must be none. */
  stacks: string[];
  chatsStarted: number;
  /** Event streams that ended with [DONE]; of them, those that carried an error event. */
  streamsDone: number;
  streamsWithError: number;
  /** Event streams that did not end within a minute. */
  streamsHung: number;
  images: number;
  statuses: Map<number, number>;
}

const newTally = (): Tally => ({
  requests: 0,
  clear: 0,
  status500: 0,
  unclear: [],
  stacks: [],
  chatsStarted: 0,
  streamsDone: 0,
  streamsWithError: 0,
  streamsHung: 0,
  images: 0,
  statuses: new Map(),
});

const STACK = /\n\s+at \S|\bat [^\s()]+ \([^)]*:\d+:\d+\)|"stack"\s*:/;

/** Counts one answer: a success, a clear error, a 500, or anything else; and whether it shows a stack. */
function judge(tally: Tally, what: string, status: number, retryAfter: string | undefined, body: string): void {
  tally.requests++;
  tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
  if (STACK.test(body)) tally.stacks.push(`${what}: ${status} ${body.slice(0, 300)}`);
  if (status < 400) return;
  if (status === 500) tally.status500++;
  let message: unknown;
  try {
    message = (JSON.parse(body) as { message?: unknown }).message;
  } catch {
    message = undefined;
  }
  const hasMessage = typeof message === 'string' && message.length > 0;
  const clear = hasMessage && (status < 500 || (status === 503 && retryAfter !== undefined && Number(retryAfter) > 0));
  if (clear) tally.clear++;
  else tally.unclear.push(`${what}: ${status} retry-after=${retryAfter ?? '-'} ${body.slice(0, 300)}`);
}

type Answer = Awaited<ReturnType<TestClient['get']>>;
const header = (res: Answer, name: string) => {
  const value = res.headers[name];
  return value === undefined ? undefined : String(value);
};
async function ask(tally: Tally, what: string, send: () => Promise<Answer>): Promise<Answer> {
  const res = await send();
  judge(tally, what, res.statusCode, header(res, 'retry-after'), res.body);
  return res;
}

/** One browser: its cookie jar on the instance it posts to, and both instances' addresses to read streams from. */
interface User {
  c: TestClient;
  name: string;
  bases: string[];
}

/** Reads a reply's event stream over HTTP (on instance `base`) to its end, counting what it saw. */
async function readStream(tally: Tally, user: User, base: string, streamId: string, messageId: number): Promise<'done' | 'refused' | 'hung'> {
  const url = `${base}${CHAT}?stream=true&model=gpt-4o&stream_id=${streamId}&message_id=${messageId}`;
  try {
    const res = await fetch(url, { headers: { cookie: cookieOf(user.c), accept: 'text/event-stream' }, signal: AbortSignal.timeout(60_000) });
    const body = await res.text();
    judge(tally, `${user.name} GET stream`, res.status, res.headers.get('retry-after') ?? undefined, res.status === 200 ? '' : body);
    if (STACK.test(body)) tally.stacks.push(`${user.name} stream: ${body.slice(0, 300)}`);
    if (res.status !== 200) return 'refused';
    const events = body
      .split('\n\n')
      .flatMap((block) => block.split('\n').filter((line) => line.startsWith('data: ')))
      .map((line) => line.slice(6));
    if (events.at(-1) !== '[DONE]') {
      // The connection ended without [DONE]: the reader would reconnect; counted as not done.
      return 'refused';
    }
    tally.streamsDone++;
    if (events.some((e) => e.startsWith('{"error"'))) tally.streamsWithError++;
    return 'done';
  } catch {
    tally.streamsHung++;
    return 'hung';
  }
}

/** A user's steady loop: a new thread, a streamed chat, its stream read to the end (on either instance), again. */
async function chatLoop(tally: Tally, user: User, running: () => boolean): Promise<void> {
  for (let turn = 0; running(); turn++) {
    const thread = await ask(tally, `${user.name} create_thread`, () => user.c.post('/api/threads/create_thread.php', { force: true }));
    if (thread.statusCode !== 200) {
      await pause(250);
      continue;
    }
    const post = await ask(tally, `${user.name} chat`, () =>
      user.c.post(CHAT, {
        thread_id: thread.data.thread_id,
        model: 'gpt-4o',
        stream: true,
        messages: [{ role: 'user', content: `Tell me about the tides, part ${turn}` }],
      }),
    );
    if (post.statusCode !== 200) {
      await pause(250);
      continue;
    }
    tally.chatsStarted++;
    const base = user.bases[turn % user.bases.length] as string;
    await readStream(tally, user, base, post.data.data.stream_id as string, post.data.data.message_id as number);
  }
}

/** A user's steady loop of image generations (the picture goes to the bucket), each picture fetched back. */
async function imageLoop(tally: Tally, user: User, running: () => boolean): Promise<void> {
  for (let turn = 0; running(); turn++) {
    const thread = await ask(tally, `${user.name} create_thread`, () => user.c.post('/api/threads/create_thread.php', { force: true }));
    if (thread.statusCode !== 200) {
      await pause(250);
      continue;
    }
    const post = await ask(tally, `${user.name} image`, () =>
      user.c.post(CHAT, {
        thread_id: thread.data.thread_id,
        model: 'dall-e-3',
        messages: [{ role: 'user', content: `A lighthouse at dawn, take ${turn}`, metadata: { aspectRatio: 'square' } }],
      }),
    );
    if (post.statusCode !== 200) {
      await pause(250);
      continue;
    }
    tally.images++;
    await ask(tally, `${user.name} image file`, () => user.c.get(post.data.image.url as string));
  }
}

/** Two instances on one schema of the own PostgreSQL, the own Redis and the S3 server, listening on loopback. */
interface Harness {
  a: TestApp;
  b: TestApp;
  bases: [string, string];
  schema: string;
  close(): Promise<void>;
}

async function twoInstances(postgres: OwnPostgres, redis: OwnRedis, s3: TestS3): Promise<Harness> {
  const schema = `o_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const env = { DATABASE_URL: postgres.url, REDIS_URL: redis.url, ...s3.env, DEMO_TOKENS_PER_SECOND: '40' };
  const a = await createTestApp(env, { pgSchema: schema, leaseTiming: TIMING });
  const b = await createTestApp(env, { databaseOf: a, leaseTiming: TIMING }).catch(async (error) => {
    await a.close();
    throw error;
  });
  const bases: [string, string] = [
    await a.app.listen({ port: 0, host: '127.0.0.1' }),
    await b.app.listen({ port: 0, host: '127.0.0.1' }),
  ];
  return {
    a,
    b,
    bases,
    schema,
    async close() {
      await b.close();
      await a.close();
    },
  };
}

/** Starts the load on both instances: signed-in users and a guest chatting, and a user drawing pictures, on each. */
async function startLoad(h: Harness, tally: Tally): Promise<{ stop(): Promise<void> }> {
  let running = true;
  const loops: Array<Promise<void>> = [];
  for (const [i, t] of [h.a, h.b].entries()) {
    const name = i === 0 ? 'A' : 'B';
    // Each reads its streams from both instances, in turn, as behind a balancer.
    const bases = i === 0 ? [h.bases[0], h.bases[1]] : [h.bases[1], h.bases[0]];
    for (let n = 0; n < 3; n++) {
      const c = t.client();
      await signInNewAccount(t, c, { credits: CREDITS });
      loops.push(chatLoop(tally, { c, name: `${name}.user${n}`, bases }, () => running));
    }
    loops.push(chatLoop(tally, { c: await newGuest(t), name: `${name}.guest`, bases }, () => running));
    const artist = t.client();
    await signInNewAccount(t, artist, { credits: CREDITS });
    loops.push(imageLoop(tally, { c: artist, name: `${name}.artist`, bases }, () => running));
  }
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** A new account's whole streamed chat on instance `t` (read on `base`): started, read to [DONE], saved complete. */
async function chatWorks(t: TestApp, base: string): Promise<boolean> {
  try {
    const c = t.client();
    await signInNewAccount(t, c, { credits: CREDITS });
    const thread = await c.post('/api/threads/create_thread.php', { force: true });
    if (thread.statusCode !== 200) return false;
    const post = await c.post(CHAT, {
      thread_id: thread.data.thread_id,
      model: 'gpt-4o',
      stream: true,
      messages: [{ role: 'user', content: 'Are you back?' }],
    });
    if (post.statusCode !== 200) return false;
    const probe = newTally();
    const read = await readStream(probe, { c, name: 'probe', bases: [base] }, base, post.data.data.stream_id, post.data.data.message_id);
    if (read !== 'done' || probe.streamsWithError > 0) return false;
    const saved = await c.post('/api/messages/get_messages.php', { thread_id: thread.data.thread_id });
    const reply = (saved.data?.messages as Array<{ role: string; status: string }> | undefined)?.find((m) => m.role === 'assistant');
    return reply?.status === 'complete';
  } catch {
    return false;
  }
}

/** Both instances ready again, every dependency ok, and a whole chat working on each, without a restart. */
async function recovered(h: Harness): Promise<void> {
  await until(
    async () => {
      for (const t of [h.a, h.b]) {
        const ready = await t.client().get(READY);
        if (ready.statusCode !== 200) return false;
        const checks = ready.data.checks as Record<string, string>;
        if (checks.database !== 'ok' || checks.redis !== 'ok' || checks.storage !== 'ok') return false;
      }
      return true;
    },
    60_000,
    250,
  );
  await until(async () => (await chatWorks(h.a, h.bases[0])) && (await chatWorks(h.b, h.bases[1])), 60_000, 250);
}

interface Audit {
  /** Replies left `streaming`. */
  stuck: number;
  openCharges: number;
  /** A reply delivered (text or picture kept) whose charge was given back or never taken; a balance above its ledger. */
  lost: number;
  /** A charge taken twice, refunded twice, or kept for a reply that delivered nothing; a balance below its ledger. */
  doubled: number;
  details: string[];
}

/**
 * The ledger against what was delivered, once every reply has ended: each chat charge (reference chat:<stream id>)
 * is kept exactly once when its reply has text (a picture: is in a thread) and given back in full when it has none;
 * every balance is its ledger's sum.
 */
async function audit(h: Harness): Promise<Audit> {
  const k = h.a.ctx.db.kysely;
  const result: Audit = { stuck: 0, openCharges: 0, lost: 0, doubled: 0, details: [] };
  // Replies still running when the load stopped end within seconds; one its generator lost is handed over by a sweep.
  await until(
    async () => {
      const streaming = await k.selectFrom('messages').select('id').where('status', '=', 'streaming').execute();
      const open = await k.selectFrom('open_charges').select('reference').execute();
      return streaming.length === 0 && open.length === 0;
    },
    60_000,
    250,
  ).catch(() => undefined);
  const stuck = await k.selectFrom('messages').select(['id', 'content', 'metadata']).where('status', '=', 'streaming').execute();
  result.stuck = stuck.length;
  for (const s of stuck) result.details.push(`stuck: message ${s.id} (${s.content.length} chars) ${s.metadata}`);
  const open = await k.selectFrom('open_charges').selectAll().execute();
  result.openCharges = open.length;
  for (const o of open) result.details.push(`open charge: ${JSON.stringify(o)}`);

  const ledger = await k.selectFrom('credit_ledger').select(['user_id', 'guest_id', 'delta', 'reason', 'model', 'reference']).execute();
  const replies = await k.selectFrom('messages').select(['id', 'type', 'content', 'status', 'metadata']).where('role', '=', 'assistant').execute();
  const byStream = new Map<string, (typeof replies)[number]>();
  for (const r of replies) {
    const streamId = r.metadata ? (JSON.parse(r.metadata) as { stream_id?: string }).stream_id : undefined;
    if (streamId) byStream.set(streamId, r);
  }
  const charges = new Map<string, typeof ledger>();
  for (const row of ledger) {
    if (!row.reference?.startsWith('chat:')) continue;
    charges.set(row.reference, [...(charges.get(row.reference) ?? []), row]);
  }
  let picturesKept = 0;
  for (const [reference, rows] of charges) {
    const taken = rows.filter((r) => r.delta < 0);
    const given = rows.filter((r) => r.delta > 0);
    const cost = -(taken[0]?.delta ?? 0);
    const net = rows.reduce((sum, r) => sum + r.delta, 0);
    if (taken.length !== 1) {
      result.doubled++;
      result.details.push(`${reference}: charged ${taken.length} times`);
      continue;
    }
    if (given.length > 1 || net > 0) {
      result.doubled++;
      result.details.push(`${reference}: refunded ${given.length} times (net ${net})`);
      continue;
    }
    if (rows[0]?.model === 'dall-e-3') {
      if (net === -cost) picturesKept++;
      else if (net !== 0) {
        result.doubled++;
        result.details.push(`${reference}: a picture's charge partly refunded (net ${net} of ${cost})`);
      }
      continue;
    }
    const reply = byStream.get(reference.slice('chat:'.length));
    const delivered = reply !== undefined && reply.content !== '';
    if (delivered && net !== -cost) {
      result.lost++;
      result.details.push(`${reference}: reply ${reply.id} (${reply.status}) kept its text but its charge was refunded (net ${net})`);
    } else if (!delivered && net !== 0) {
      result.doubled++;
      result.details.push(`${reference}: charged ${-net} for a reply that delivered nothing`);
    }
  }
  // A picture in a thread is a kept charge; a kept charge is a picture in a thread.
  const pictures = replies.filter((r) => r.type === 'image').length;
  if (pictures > picturesKept) {
    result.lost += pictures - picturesKept;
    result.details.push(`${pictures} pictures in threads, ${picturesKept} picture charges kept`);
  } else if (picturesKept > pictures) {
    result.doubled += picturesKept - pictures;
    result.details.push(`${picturesKept} picture charges kept, ${pictures} pictures in threads`);
  }
  // Every balance is what its ledger says (accounts start with CREDITS and no ledger row; a guest with its grant).
  const sums = new Map<string, number>();
  for (const row of ledger) {
    const key = row.user_id !== null ? `user:${row.user_id}` : `guest:${row.guest_id}`;
    sums.set(key, (sums.get(key) ?? 0) + row.delta);
  }
  const balances = [
    ...(await k.selectFrom('users').select(['id', 'credits']).execute()).map((u) => ({
      key: `user:${u.id}`,
      credits: u.credits,
      expected: CREDITS + (sums.get(`user:${u.id}`) ?? 0),
    })),
    ...(await k.selectFrom('guests').select(['id', 'credits']).execute()).map((g) => ({
      key: `guest:${g.id}`,
      credits: g.credits,
      expected: sums.get(`guest:${g.id}`) ?? 0,
    })),
  ];
  for (const b of balances) {
    if (b.credits === b.expected) continue;
    if (b.credits > b.expected) result.lost++;
    else result.doubled++;
    result.details.push(`${b.key}: balance ${b.credits}, its ledger says ${b.expected}`);
  }
  return result;
}

/** How long each phase took (printed, never asserted). */
interface Timings {
  downMs: number;
  recoveredMs: number;
  settledMs: number;
}

/** The outage's line, with the counts the issue asks for. */
function report(name: string, tally: Tally, a: Audit, times: Timings): void {
  const statuses = [...tally.statuses].sort(([x], [y]) => x - y).map(([s, n]) => `${s}×${n}`);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `outage ${name}: requests ${tally.requests}, clear errors ${tally.clear}, 500s ${tally.status500}, ` +
      `charges lost ${a.lost}, doubled ${a.doubled}, stuck ${a.stuck} ` +
      `(other failures ${tally.unclear.length}, stacks ${tally.stacks.length}, chats ${tally.chatsStarted}, ` +
      `streams done ${tally.streamsDone} of which cut ${tally.streamsWithError}, hung ${tally.streamsHung}, pictures ${tally.images}, ` +
      `open charges ${a.openCharges}; answers ${statuses.join(' ')}; down ${seconds(times.downMs)}, ` +
      `ready and chatting again ${seconds(times.recoveredMs)} after, all settled ${seconds(times.settledMs)} after the load)`,
  );
  for (const line of [...tally.unclear, ...tally.stacks, ...a.details].slice(0, 20)) console.log(`  ${line}`);
}

function expectClean(tally: Tally, a: Audit): void {
  expect(tally.status500).toBe(0);
  expect(tally.unclear).toEqual([]);
  expect(tally.stacks).toEqual([]);
  expect(tally.streamsHung).toBe(0);
  expect(a.details).toEqual([]);
  expect(a).toMatchObject({ stuck: 0, openCharges: 0, lost: 0, doubled: 0 });
  // The load did run, and met the outage: replies completed, and some requests were refused, clearly.
  expect(tally.streamsDone).toBeGreaterThan(0);
  expect(tally.clear).toBeGreaterThan(0);
}

describe.runIf(TEST_DB === 'postgres')('outages of PostgreSQL, Redis and S3 under load, on two instances (issue 44)', () => {
  let postgres: OwnPostgres;
  let redis: OwnRedis;
  let s3: TestS3;
  let h: Harness | undefined;
  let load: { stop(): Promise<void> } | undefined;
  beforeAll(async () => {
    [postgres, redis, s3] = await Promise.all([ownPostgres(), ownRedis(), startTestS3()]);
  }, 60_000);
  afterEach(async () => {
    // Whatever an outage left down comes back, so the apps close as usual.
    await postgres?.start().catch(() => undefined);
    await redis?.start().catch(() => undefined);
    await s3?.start().catch(() => undefined);
    await load?.stop();
    load = undefined;
    await h?.close();
    h = undefined;
  });
  afterAll(async () => {
    await s3?.close();
    await redis?.stop();
    await postgres?.close();
  });

  /**
   * Two instances under load; `down` takes the service away for `downMs` (`meanwhile` checks both instances a second
   * in), `up` brings it back; then both must be ready and chatting again by themselves, and the ledger must hold.
   */
  async function outage(
    name: string,
    service: { down(tally: Tally): Promise<void>; up(tally: Tally): Promise<void>; downMs: number },
    meanwhile: (t: TestApp, tally: Tally) => Promise<void>,
  ): Promise<void> {
    const harness = await twoInstances(postgres, redis, s3);
    h = harness;
    const tally = newTally();
    load = await startLoad(harness, tally);
    await pause(3_000);

    const wentDown = Date.now();
    await service.down(tally);
    await pause(1_000);
    for (const t of [harness.a, harness.b]) await meanwhile(t, tally);
    await pause(wentDown + service.downMs - Date.now());
    await service.up(tally);
    const cameBack = Date.now();

    await recovered(harness);
    const recoveredMs = Date.now() - cameBack;
    // The load goes on a while after the recovery.
    await pause(3_000);
    await load.stop();
    load = undefined;
    const stopped = Date.now();
    const result = await audit(harness);
    report(name, tally, result, { downMs: cameBack - wentDown, recoveredMs, settledMs: Date.now() - stopped });
    expectClean(tally, result);
  }

  it('restarting PostgreSQL: clear 503s while it is away, /api/ready 503, and both instances recover by themselves', async () => {
    await outage('postgres-restart', { down: () => postgres.stop('fast'), up: () => postgres.start(), downMs: 3_000 }, async (t) => {
      const ready = await t.client().get(READY);
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.data).toEqual({ status: 'unavailable', checks: { database: 'unreachable', redis: 'ok', storage: 'ok' } });
      // The liveness check answers clearly too (it asks the database: see the README's Rolling deploys).
      const health = await t.client().get(HEALTH);
      expect(health.statusCode).toBe(503);
      expect(health.data).toMatchObject({ status: 'error', code: 'unavailable' });
      // What a user asks meanwhile is "try again shortly".
      const refused = await t.client().get('/api/auth/check_session.php');
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.data).toMatchObject({ code: 'unavailable', message: MESSAGES.serviceBusy, message_code: 'serviceBusy' });
    });
  }, 180_000);

  it('restarting Redis: clear 503s while it is away, /api/ready reports it, and both instances recover by themselves', async () => {
    await outage('redis-restart', { down: () => redis.stop(), up: () => redis.start(), downMs: 3_000 }, async (t) => {
      const ready = await t.client().get(READY);
      expect(ready.statusCode).toBe(200);
      expect(ready.data).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'unreachable', storage: 'ok' } });
      expect((await t.client().get(HEALTH)).statusCode).toBe(200);
    });
  }, 180_000);

  it('S3 gone for 30 s: pictures refused clearly meanwhile, chats go on, and both instances recover by themselves', async () => {
    let chatsBefore = 0;
    let chatsMeanwhile = 0;
    await outage(
      's3-stop-30s',
      {
        down: async (tally) => {
          chatsBefore = tally.streamsDone;
          await s3.stop();
        },
        up: async (tally) => {
          chatsMeanwhile = tally.streamsDone - chatsBefore;
          await s3.start();
        },
        downMs: 30_000,
      },
      async (t) => {
        const ready = await t.client().get(READY);
        expect(ready.statusCode).toBe(200);
        expect(ready.data).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok', storage: 'unreachable' } });
        expect((await t.client().get(HEALTH)).statusCode).toBe(200);
      },
    );
    // Text chats do not need the bucket: they went on while it was away.
    expect(chatsMeanwhile).toBeGreaterThan(0);
  }, 180_000);
});
