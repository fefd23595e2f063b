import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@ensemble/shared';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { creditsOf, newGuest, signInNewAccount } from '../../test/account-factory.js';
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
// A demo reply (about 500 tokens) streams for about two seconds: several are always in flight.
const TOKENS_PER_SECOND = '250';
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
  /** Readers that came back after a dropped connection or a 5xx, after their last event id. */
  reconnects: number;
  /** Readers that gave up after their retries. */
  streamsGaveUp: number;
  images: number;
  /**
   * Picture files whose answer was cut after it had begun (its status sent): what a browser sees when S3 goes away
   * while the file streams from it. Only the fetches in flight at that moment can be, one per drawing user.
   */
  picturesCut: number;
  statuses: Map<number, number>;
  /** What each reader that reached [DONE] ended with. */
  read: ReadReply[];
  /** Threads whose chat was refused (any answer but 200): nothing in them may be charged. */
  refusedThreads: Set<number>;
  /** Readers outside the load's loops, awaited with them. */
  pending: Array<Promise<unknown>>;
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
  reconnects: 0,
  streamsGaveUp: 0,
  images: 0,
  picturesCut: 0,
  statuses: new Map(),
  read: [],
  refusedThreads: new Set(),
  pending: [],
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

/** What a reader ended with: the reply's text as it built it, for a stream that reached [DONE]. */
interface ReadReply {
  messageId: number;
  text: string;
  reader: string;
}

/**
 * Reads a reply's event stream over HTTP (on instance `base`) to its [DONE], as the web app does: content appends, a
 * rewind cuts back; a dropped connection or a 5xx is retried after the last event id (1 s, 2 s, 3 s), a 4xx ends it.
 */
async function readStream(
  tally: Tally,
  user: User,
  base: string,
  streamId: string,
  messageId: number,
  /** Called at the first text the reader gets. */
  onText?: () => void,
): Promise<'done' | 'refused' | 'gave up' | 'hung'> {
  const url = `${base}${CHAT}?stream=true&model=gpt-4o&stream_id=${streamId}&message_id=${messageId}`;
  let lastId: string | undefined;
  let text = '';
  let errored = false;
  let failures = 0;
  for (let attempt = 0; ; attempt++) {
    let progressed = false;
    try {
      if (attempt > 0) tally.reconnects++;
      const headers: Record<string, string> = { cookie: cookieOf(user.c), accept: 'text/event-stream' };
      if (lastId) headers['last-event-id'] = lastId;
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
      if (res.status !== 200 || !res.body) {
        const body = await res.text();
        judge(tally, `${user.name} GET stream`, res.status, res.headers.get('retry-after') ?? undefined, body);
        if (res.status >= 400 && res.status < 500) return 'refused';
        throw new Error(`answered ${res.status}`);
      }
      judge(tally, `${user.name} GET stream`, res.status, undefined, '');
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (STACK.test(block)) tally.stacks.push(`${user.name} stream: ${block.slice(0, 300)}`);
          const lines = block.split('\n');
          const id = lines.find((l) => l.startsWith('id: '))?.slice(4);
          const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
          if (id) lastId = id;
          if (data === undefined) continue;
          progressed = true;
          if (data === '[DONE]') {
            tally.streamsDone++;
            if (errored) tally.streamsWithError++;
            tally.read.push({ messageId, text, reader: user.name });
            await res.body.cancel().catch(() => undefined);
            return 'done';
          }
          const event = JSON.parse(data) as { content?: unknown; type?: unknown; offset?: unknown; error?: unknown };
          if (typeof event.content === 'string') {
            if (!text) onText?.();
            text += event.content;
          } else if (event.type === 'rewind' && typeof event.offset === 'number') text = text.slice(0, event.offset);
          else if (typeof event.error === 'string') errored = true;
        }
      }
      throw new Error('the stream ended before [DONE]');
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') {
        tally.streamsHung++;
        return 'hung';
      }
      // As the web app: retried after 1 s, 2 s and 3 s, counted afresh once the stream moved on.
      if (progressed) failures = 0;
      failures++;
      if (failures > 3) {
        tally.streamsGaveUp++;
        return 'gave up';
      }
      await pause(1_000 * failures);
    }
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
      tally.refusedThreads.add(thread.data.thread_id as number);
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
      tally.refusedThreads.add(thread.data.thread_id as number);
      await pause(250);
      continue;
    }
    tally.images++;
    await ask(tally, `${user.name} image file`, () => user.c.get(post.data.image.url as string)).catch((error: unknown) => {
      if ((error as { code?: unknown }).code !== 'LIGHT_ECONNRESET') throw error;
      tally.picturesCut++;
    });
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
  const env = { DATABASE_URL: postgres.url, REDIS_URL: redis.url, ...s3.env, DEMO_TOKENS_PER_SECOND: TOKENS_PER_SECOND };
  const a = await createTestApp(env, { pgSchema: schema, leaseTiming: TIMING });
  const b = await createTestApp(env, { databaseOf: a, leaseTiming: TIMING }).catch(async (error) => {
    await a.close();
    throw error;
  });
  const bases: [string, string] = [await a.app.listen({ port: 0, host: '127.0.0.1' }), await b.app.listen({ port: 0, host: '127.0.0.1' })];
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
  /** How the replies ended (complete, interrupted, error, …). */
  endings: Map<string, number>;
  /** Chats refused (503, 402, …) whose reply was kept and charged all the same. */
  refusedCharged: number;
  /** Readers that reached [DONE] holding another text than the reply saved. */
  misread: string[];
  details: string[];
}

/**
 * The ledger against what was delivered, once every reply has ended: each chat charge (reference chat:<stream id>)
 * is kept exactly once when its reply has text (a picture: is in a thread) and given back in full when it has none;
 * every balance is its ledger's sum.
 */
async function audit(h: Harness, tally: Tally): Promise<Audit> {
  const k = h.a.ctx.db.kysely;
  const result: Audit = { stuck: 0, openCharges: 0, lost: 0, doubled: 0, refusedCharged: 0, endings: new Map(), misread: [], details: [] };
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
  const replies = await k
    .selectFrom('messages')
    .select(['id', 'thread_id', 'type', 'content', 'status', 'metadata'])
    .where('role', '=', 'assistant')
    .execute();
  // A refused chat costs nothing: no reply stays in its thread (each chat has a thread of its own), so none is charged.
  for (const r of replies.filter((reply) => tally.refusedThreads.has(reply.thread_id))) {
    result.refusedCharged++;
    result.details.push(`reply ${r.id} (${r.type} ${r.status}, ${r.content.length} chars) kept in the thread of a refused chat`);
  }
  const byStream = new Map<string, (typeof replies)[number]>();
  for (const r of replies) {
    const ending = `${r.type} ${r.status}`;
    result.endings.set(ending, (result.endings.get(ending) ?? 0) + 1);
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
  // Every reader that reached [DONE] holds the text the reply saved (a reply whose text could not be kept is gone).
  const saved = new Map(replies.map((r) => [r.id, r]));
  for (const r of tally.read) {
    const reply = saved.get(r.messageId);
    const text = reply?.content ?? '';
    if (r.text === text) continue;
    let same = 0;
    while (same < Math.min(text.length, r.text.length) && text[same] === r.text[same]) same++;
    result.misread.push(
      `${r.reader}: reply ${r.messageId} (${reply?.status ?? 'gone'}) read ${r.text.length} chars, saved ${text.length}, same up to ${same}`,
    );
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
      `charges lost ${a.lost}, doubled ${a.doubled}, stuck ${a.stuck}, refused but charged ${a.refusedCharged} ` +
      `(other failures ${tally.unclear.length}, stacks ${tally.stacks.length}, chats ${tally.chatsStarted}, ` +
      `streams done ${tally.streamsDone} of which cut ${tally.streamsWithError}, misread ${a.misread.length}, ` +
      `reconnects ${tally.reconnects}, given up ${tally.streamsGaveUp}, hung ${tally.streamsHung}, pictures ${tally.images} (cut while sent ${tally.picturesCut}), ` +
      `open charges ${a.openCharges}; answers ${statuses.join(' ')}; replies ${[...a.endings].map(([e, n]) => `${e}×${n}`).join(' ')}; down ${seconds(times.downMs)}, ` +
      `ready and chatting again ${seconds(times.recoveredMs)} after, all settled ${seconds(times.settledMs)} after the load)`,
  );
  for (const line of [...tally.unclear, ...tally.stacks, ...a.details, ...a.misread].slice(0, 20)) console.log(`  ${line}`);
}

function expectClean(tally: Tally, a: Audit): void {
  expect(tally.status500).toBe(0);
  expect(tally.unclear).toEqual([]);
  expect(tally.stacks).toEqual([]);
  expect(tally.streamsHung).toBe(0);
  // Two users draw, one picture at a time each.
  expect(tally.picturesCut).toBeLessThanOrEqual(2);
  expect(a.details).toEqual([]);
  expect(a.misread).toEqual([]);
  expect(a).toMatchObject({ stuck: 0, openCharges: 0, lost: 0, doubled: 0, refusedCharged: 0 });
  // The load did run, and met the outage: replies completed, and some requests were refused, clearly.
  expect(tally.streamsDone).toBeGreaterThan(0);
  expect(tally.clear).toBeGreaterThan(0);
}

/** A new account on A and a thread of its own, to start one chat in. */
async function witnessChat(h: Harness): Promise<{ c: TestClient; threadId: number; post: () => Promise<Answer> }> {
  const c = h.a.client();
  await signInNewAccount(h.a, c, { credits: CREDITS });
  const thread = await c.post('/api/threads/create_thread.php', { force: true });
  const threadId = thread.data.thread_id as number;
  const post = () =>
    c.post(CHAT, { thread_id: threadId, model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: 'Tell me about the tides' }] });
  return { c, threadId, post };
}

/**
 * A reply generated on A and read on B (as behind a balancer), its reader under way: resolves once the reader has
 * its first text, with the read's outcome and the reply's id. The read counts in `tally` (its text is audited).
 */
async function followedReply(tally: Tally, h: Harness): Promise<{ read: Promise<string>; messageId: number }> {
  const { c, post } = await witnessChat(h);
  const started = await post();
  expect(started.statusCode).toBe(200);
  let reading: () => void = () => undefined;
  const first = new Promise<void>((resolve) => {
    reading = resolve;
  });
  const messageId = started.data.data.message_id as number;
  const user = { c, name: 'witness', bases: [h.bases[1]] };
  const read = readStream(tally, user, h.bases[1], started.data.data.stream_id, messageId, reading);
  tally.pending.push(read);
  await first;
  return { read, messageId };
}

const statusOf = async (t: TestApp, messageId: number) =>
  (await t.ctx.db.kysely.selectFrom('messages').select('status').where('id', '=', messageId).executeTakeFirst())?.status;

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
   * Two instances under load; `down` takes the service away (resolving when it went) for `downMs`, `meanwhile` checks
   * both instances a second in, `up` brings it back; then both must be ready and chatting again by themselves, every
   * answer must have been clear, and the ledger must hold.
   */
  async function outage(
    name: string,
    service: { down(tally: Tally, h: Harness): Promise<number | undefined>; up(): Promise<void>; downMs: number },
    meanwhile: (t: TestApp) => Promise<void>,
  ): Promise<Harness> {
    const harness = await twoInstances(postgres, redis, s3);
    h = harness;
    const tally = newTally();
    load = await startLoad(harness, tally);
    await pause(3_000);

    const wentDown = (await service.down(tally, harness)) ?? Date.now();
    await pause(wentDown + 1_000 - Date.now());
    await Promise.all([harness.a, harness.b].map(meanwhile));
    await pause(wentDown + service.downMs - Date.now());
    await service.up();
    const cameBack = Date.now();

    await recovered(harness);
    const recoveredMs = Date.now() - cameBack;
    // The load goes on a while after the recovery.
    await pause(3_000);
    await load.stop();
    load = undefined;
    await Promise.all(tally.pending);
    const stopped = Date.now();
    const result = await audit(harness, tally);
    report(name, tally, result, { downMs: cameBack - wentDown, recoveredMs, settledMs: Date.now() - stopped });
    expectClean(tally, result);
    return harness;
  }

  it('restarting PostgreSQL: clear 503s while it is away, /api/ready 503, and both instances recover by themselves', async () => {
    // A reply that ends while PostgreSQL is away: its reader has the whole text, and so must its row, complete (not
    // the last periodic save, marked interrupted). And a picture whose place in its thread is being written when
    // PostgreSQL goes (held there by a trigger of the test's own): refused, so it must cost nothing and leave nothing
    // in the thread.
    let witness: { read: Promise<string>; messageId: number } | undefined;
    let picture: Answer | undefined;
    const harness = await outage(
      'postgres-restart',
      {
        down: async (tally, h) => {
          witness = await followedReply(tally, h);
          const admin = new pg.Client({ connectionString: postgres.url });
          await admin.connect();
          await admin.query(`create function ${h.schema}.hold_picture() returns trigger language plpgsql as
            $$ begin perform pg_sleep(30); return new; end $$`);
          await admin.query(`create trigger hold_picture before update on ${h.schema}.images for each row
            when (new.prompt = 'A picture held') execute function ${h.schema}.hold_picture()`);
          const { c, threadId } = await witnessChat(h);
          const drawn = c.post(CHAT, {
            thread_id: threadId,
            model: 'dall-e-3',
            messages: [{ role: 'user', content: 'A picture held', metadata: { aspectRatio: 'square' } }],
          });
          await until(
            async () => (await admin.query(`select 1 from pg_stat_activity where wait_event = 'PgSleep'`)).rowCount === 1,
            20_000,
          );
          await admin.end();
          await postgres.stop('fast');
          const wentDown = Date.now();
          picture = await ask(tally, 'held picture', () => drawn);
          if (picture.statusCode !== 200) tally.refusedThreads.add(threadId);
          return wentDown;
        },
        up: () => postgres.start(),
        downMs: 3_000,
      },
      async (t) => {
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
      },
    );
    // Read to its [DONE] holding the saved text (the audit compared them), saved complete.
    expect(await witness?.read).toBe('done');
    expect(await statusOf(harness.a, witness?.messageId as number)).toBe('complete');
    // Refused as "try again shortly" (and, the audit found, not charged, with no picture left in its thread).
    expect(picture?.statusCode).toBe(503);
    expect(picture?.headers['retry-after']).toBe('5');
  }, 180_000);

  it('restarting Redis: clear 503s while it is away, /api/ready reports it, and both instances recover by themselves', async () => {
    // Two replies Redis goes away under. One generated on A and read on B: it ends while Redis is away, so B never
    // hears of its end through Redis; its reader must not wait for ever, but be let go, come back and get the rest.
    // The other admitted (charged) and streaming on A when Redis goes, before its stream's record is written: its
    // chat is refused (503), so it must cost nothing, although it has text.
    let witness: { read: Promise<string>; messageId: number } | undefined;
    let refused: Answer | undefined;
    await outage(
      'redis-restart',
      {
        down: async (tally, h) => {
          witness = await followedReply(tally, h);
          // The next stream record A writes waits for Redis to go (its reply meanwhile streams, and is saved).
          const hub = h.a.streams.hub;
          const create = hub.create.bind(hub);
          let gone: () => void = () => undefined;
          const redisGone = new Promise<void>((resolve) => {
            gone = resolve;
          });
          hub.create = async (meta) => {
            hub.create = create;
            await redisGone;
            return create(meta);
          };
          const unheard = await witnessChat(h);
          const answer = unheard.post();
          await until(async () => {
            const reply = await h.a.ctx.db.kysely
              .selectFrom('messages')
              .select('content')
              .where('thread_id', '=', unheard.threadId)
              .where('role', '=', 'assistant')
              .executeTakeFirst();
            return Boolean(reply?.content);
          });
          await redis.stop();
          const wentDown = Date.now();
          gone();
          refused = await ask(tally, 'unheard chat', () => answer);
          if (refused.statusCode !== 200) tally.refusedThreads.add(unheard.threadId);
          return wentDown;
        },
        up: () => redis.start(),
        downMs: 3_000,
      },
      async (t) => {
        const ready = await t.client().get(READY);
        expect(ready.statusCode).toBe(200);
        expect(ready.data).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'unreachable', storage: 'ok' } });
        expect((await t.client().get(HEALTH)).statusCode).toBe(200);
      },
    );
    // Read to its [DONE], holding exactly the saved text (the audit compared them).
    expect(await witness?.read).toBe('done');
    // Refused as "try again shortly" (and, the audit found, not charged: no reply is left in its thread).
    expect(refused?.statusCode).toBe(503);
    expect(refused?.headers['retry-after']).toBe('5');
  }, 180_000);

  it('S3 gone for 30 s: pictures refused clearly meanwhile, chats go on, and both instances recover by themselves', async () => {
    let chatsBefore = 0;
    let tallied: Tally | undefined;
    await outage(
      's3-stop-30s',
      {
        down: async (tally) => {
          tallied = tally;
          chatsBefore = tally.streamsDone;
          await s3.stop();
          return Date.now();
        },
        up: async () => {
          // Text chats do not need the bucket: they went on while it was away.
          expect(tallied?.streamsDone).toBeGreaterThan(chatsBefore);
          await s3.start();
        },
        downMs: 30_000,
      },
      async (t) => {
        const ready = await t.client().get(READY);
        expect(ready.statusCode).toBe(200);
        expect(ready.data).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok', storage: 'unreachable' } });
        expect((await t.client().get(HEALTH)).statusCode).toBe(200);
        // A picture meanwhile is "try again shortly", and costs nothing (the audit checks every charge).
        const c = t.client();
        await signInNewAccount(t, c, { credits: CREDITS });
        const thread = await c.post('/api/threads/create_thread.php', { force: true });
        const picture = await c.post(CHAT, {
          thread_id: thread.data.thread_id,
          model: 'dall-e-3',
          messages: [{ role: 'user', content: 'A lighthouse', metadata: { aspectRatio: 'square' } }],
        });
        expect(picture.statusCode).toBe(503);
        expect(picture.headers['retry-after']).toBe('5');
        expect(picture.data).toMatchObject({ code: 'unavailable', message: MESSAGES.serviceBusy });
        expect(await creditsOf(c)).toBe(CREDITS);
        const messages = (await c.post('/api/messages/get_messages.php', { thread_id: thread.data.thread_id })).data.messages;
        expect(messages.map((m: { role: string }) => m.role)).toEqual(['user']);
      },
    );
  }, 180_000);
});
