import { STREAM_DONE } from '@ensemble/shared';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { redisMonitor } from '../../test/redis-monitor.js';
import { cuttableLink } from '../../test/tcp-cut.js';
import { RedisStreamHub } from './redis-stream-hub.js';
import { type HubEvent, MemoryStreamHub, type StreamCursor, type StreamHub, eventId, parseEventId } from './stream-hub.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const delta = (content: string, messageId: number | null = 7) => ({ content, message_id: messageId, format: 'markdown' as const });
const textOf = (events: Array<HubEvent | null>) =>
  events
    .filter((e): e is HubEvent => e?.data.startsWith('{"content"') === true)
    .map((e) => (JSON.parse(e.data) as { content: string }).content)
    .join('');
const cursorOf = (e: HubEvent): StreamCursor => parseEventId(eventId(e)) as StreamCursor;
let n = 0;
const newId = () => `relay-test-${process.pid}-${Date.now()}-${n++}`;

/** Collects what a reader gets until null (the end). */
async function read(hub: StreamHub, id: string, after: number | StreamCursor): Promise<Array<HubEvent | null>> {
  const seen: Array<HubEvent | null> = [];
  let resolve!: () => void;
  const ended = new Promise<void>((r) => {
    resolve = r;
  });
  const unsubscribe = await hub.attach(id, after, (e) => {
    seen.push(e);
    if (e === null) resolve();
  });
  expect(unsubscribe).not.toBeNull();
  await ended;
  return seen;
}

// Words of a reply as a provider sends them, accents and emoji included.
const WORDS = Array.from({ length: 60 }, (_, i) => `${i % 7 === 0 ? ' café' : ' word'}${i}${i % 13 === 0 ? ' 🎉' : ''}`);

describe.each(['memory', 'redis'] as const)('%s hub: coalescing and resuming from content offsets', (kind) => {
  let redis: Redis | undefined;
  const hubs: StreamHub[] = [];
  const saved = new Map<number, string>();
  const make = (coalesceMs: number) => {
    const options = { coalesceMs, loadSaved: async (messageId: number) => saved.get(messageId) };
    const hub = kind === 'memory' ? new MemoryStreamHub(60_000, options) : new RedisStreamHub(redis as Redis, 60_000, options);
    hubs.push(hub);
    return hub;
  };
  beforeAll(() => {
    if (kind === 'redis') redis = new Redis(REDIS_URL);
  });
  afterEach(async () => {
    for (const h of hubs.splice(0)) await h.close();
  });
  afterAll(() => redis?.disconnect());

  it('sends the first token at once, joins the rest per window, and keeps the text exactly', async () => {
    const hub = make(40);
    const id = newId();
    await hub.create({ id, ownerKey: 'guest:1', model: 'gpt-4o', messageId: null });
    const seen: Array<HubEvent | null> = [];
    await hub.attach(id, 0, (e) => seen.push(e));
    hub.push(id, delta(WORDS[0] as string, null));
    // The first delta is out before any timer ran (Redis: a reader on the generating instance gets
    // it at once too, and the copy that comes back through Redis is not delivered again).
    expect(textOf(seen)).toBe(WORDS[0]);
    for (const w of WORDS.slice(1, 30)) hub.push(id, delta(w, null));
    await sleep(kind === 'memory' ? 0 : 20);
    // Nothing of the window after the first delta went out yet.
    expect(seen.filter((e) => e !== null)).toHaveLength(1);
    await sleep(80);
    for (const w of WORDS.slice(30)) hub.push(id, delta(w, null));
    hub.push(id, { type: 'figures', figures: { credits: 1, total_ms: 5 } });
    hub.finish(id);
    for (let i = 0; i < 100 && seen.at(-1) !== null; i++) await sleep(10);
    expect(textOf(seen)).toBe(WORDS.join(''));
    const contentEvents = seen.filter((e) => e?.data.startsWith('{"content"'));
    // 60 deltas became a handful of events: the first alone, then one a window.
    expect(contentEvents.length).toBeLessThanOrEqual(5);
    expect((JSON.parse(contentEvents[0]?.data as string) as { content: string }).content).toBe(WORDS[0]);
    // The figures come after all text, then [DONE]; offsets count the text so far.
    expect(seen.at(-2)?.data).toBe(STREAM_DONE);
    expect(seen.at(-2)?.offset).toBe(WORDS.join('').length);
    expect(JSON.parse(seen.at(-3)?.data as string).type).toBe('figures');
  });

  it('resumes exactly from every event id, while running and after the end (a comparison keeps its own text)', async () => {
    const hub = make(0);
    const id = newId();
    await hub.create({ id, ownerKey: 'guest:1', model: 'gpt-4o', messageId: null });
    const live: Array<HubEvent | null> = [];
    await hub.attach(id, 0, (e) => live.push(e));
    hub.push(id, { type: 'fallback', answered_by: 'gpt-6-luna', note: 'Answered by GPT-6 Luna', cost: 1 });
    for (const w of WORDS.slice(0, 20)) hub.push(id, delta(w, null));
    for (let i = 0; i < 100 && live.length < 21; i++) await sleep(10);
    // While running: from the 10th event on, the rest of the text so far.
    const mid = live[10] as HubEvent;
    const partial: Array<HubEvent | null> = [];
    await hub.attach(id, cursorOf(mid), (e) => partial.push(e));
    for (let i = 0; i < 100 && partial.length < 10; i++) await sleep(10);
    expect(WORDS.slice(0, 20).join('').slice(mid.offset)).toBe(textOf(partial));
    for (const w of WORDS.slice(20)) hub.push(id, delta(w, null));
    hub.push(id, { error: 'cut' });
    hub.finish(id);
    for (let i = 0; i < 100 && live.at(-1) !== null; i++) await sleep(10);
    const full = WORDS.join('');
    // After the end, from every id the reader saw: exactly the text it lacks, then the same tail.
    for (const e of live) {
      if (e === null) continue;
      const rest = await read(hub, id, cursorOf(e));
      expect(full.slice(0, e.offset) + textOf(rest)).toBe(full);
      expect(rest.filter((x) => x && !x.data.startsWith('{"content"')).map((x) => x?.data)).toEqual(
        live.filter((x) => x && x.seq > e.seq && !x.data.startsWith('{"content"')).map((x) => x?.data),
      );
    }
    // From the start: the fallback note first, then the whole text in one event, the error, [DONE].
    const again = await read(hub, id, 0);
    expect(again.map((e) => (e === null ? null : e.data.startsWith('{"content"') ? 'text' : e.data.slice(0, 8)))).toEqual([
      '{"type":',
      'text',
      '{"error"',
      STREAM_DONE,
      null,
    ]);
    expect(textOf(again)).toBe(full);
  });

  it("takes the generator's own rewind (cited text at a reply's end): live and late readers end with the same text", async () => {
    const hub = make(30);
    const id = newId();
    await hub.create({ id, ownerKey: 'guest:1', model: 'gpt-4o', messageId: null });
    const live: Array<HubEvent | null> = [];
    await hub.attach(id, 0, (e) => live.push(e));
    for (const w of ['Credits are kept', ' for a reply', ' ([site](https://a.example/x))', ' that arrives.']) hub.push(id, delta(w, null));
    // The provider's citations become a marker: back to where the text first differs, then the rest.
    hub.push(id, { type: 'rewind', offset: 'Credits are kept for a reply'.length });
    hub.push(id, delta('[1] that arrives.', null));
    hub.push(id, { type: 'sources', sources: [{ url: 'https://a.example/x', title: 'A' }] });
    hub.finish(id);
    for (let i = 0; i < 100 && live.at(-1) !== null; i++) await sleep(10);
    const final = 'Credits are kept for a reply[1] that arrives.';
    const applied = (events: Array<HubEvent | null>) => {
      let text = '';
      for (const e of events) {
        if (!e || e.data === STREAM_DONE) continue;
        const data = JSON.parse(e.data) as { content?: string; type?: string; offset?: number };
        if (typeof data.content === 'string') text += data.content;
        if (data.type === 'rewind') text = text.slice(0, data.offset);
      }
      return text;
    };
    expect(applied(live)).toBe(final);
    // Event ids count the text a reader holds: after the rewind and the rest, the final text's length.
    expect(live.at(-2)?.offset).toBe(final.length);
    // A reader that comes after the end, from the start or from any id it saw, ends with the same text.
    expect(applied(await read(hub, id, 0))).toBe(final);
    for (const e of live) {
      if (e === null) continue;
      const have = applied(live.filter((x) => x && x.seq <= e.seq));
      expect(have.length).toBe(e.offset);
      expect(applied([{ seq: 0, offset: 0, data: JSON.stringify({ content: have }) }, ...(await read(hub, id, cursorOf(e)))])).toBe(final);
    }
  });

  it('serves a finished thread reply from its saved message, not from kept events', async () => {
    const hub = make(0);
    const id = newId();
    const messageId = 1000 + n;
    await hub.create({ id, ownerKey: 'user:3', model: 'gpt-4o', messageId });
    const live: Array<HubEvent | null> = [];
    await hub.attach(id, 0, (e) => live.push(e));
    for (const w of WORDS) hub.push(id, delta(w, messageId));
    // The reply is saved before its stream ends (as runTextJob does).
    saved.set(messageId, WORDS.join(''));
    hub.finish(id);
    for (let i = 0; i < 100 && live.at(-1) !== null; i++) await sleep(10);
    // The Redis hub writes at the end of the turn of the loop; a reader attaching before then is answered from the
    // running list (the same text, in more events).
    await new Promise((resolve) => setImmediate(resolve));
    const cut = live[25] as HubEvent;
    const rest = await read(hub, id, cursorOf(cut));
    expect(WORDS.join('').slice(0, cut.offset) + textOf(rest)).toBe(WORDS.join(''));
    expect(rest).toHaveLength(3); // the missing text in one event, [DONE], the end
    // What the reader is told comes from the saved message: change it and the replay follows.
    saved.set(messageId, 'Saved text');
    expect(textOf(await read(hub, id, 0))).toBe('Saved text');
  });
});

describe('Redis hub commands', () => {
  it('sends a bounded number of commands for a reply: one RPUSH and one PUBLISH a batch, not five a token', async () => {
    const redis = new Redis(REDIS_URL);
    const hub = new RedisStreamHub(redis, 60_000, { coalesceMs: 50 });
    const id = newId();
    const commands: string[] = [];
    const monitor = await redisMonitor(REDIS_URL, (args) => {
      if (args.some((a) => a.includes(id))) commands.push(String(args[0]).toLowerCase());
    });
    try {
      await hub.create({ id, ownerKey: 'guest:1', model: 'gpt-4o', messageId: null });
      // 250 tokens at 250 tokens/s: a second of text.
      for (let i = 0; i < 250; i++) {
        hub.push(id, delta(`t${i} `, null));
        if (i % 5 === 4) await sleep(20);
      }
      hub.finish(id);
      await sleep(300);
      const read = await new Promise<Array<HubEvent | null>>((resolve) => {
        const seen: Array<HubEvent | null> = [];
        void hub.attach(id, 0, (e) => {
          seen.push(e);
          if (e === null) resolve(seen);
        });
      });
      expect(textOf(read)).toBe(Array.from({ length: 250 }, (_, i) => `t${i} `).join(''));
      const writes = commands.filter(
        (c) => c === 'rpush' || c === 'publish' || c === 'expire' || c === 'multi' || c === 'set' || c === 'del',
      );
      // Before: MULTI, RPUSH, EXPIRE, PUBLISH, EXEC for each of 250 tokens (1,250+). Now about 2 a 50 ms batch.
      expect(writes.length).toBeGreaterThan(10);
      expect(writes.length).toBeLessThanOrEqual(80);
      expect(commands.filter((c) => c === 'rpush').length).toBeLessThanOrEqual(30);
    } finally {
      monitor.close();
      await hub.close();
      redis.disconnect();
    }
  });

  it("sends all streams' events of a turn of the loop in one socket write, not one per stream", async () => {
    const redis = new Redis(REDIS_URL);
    await redis.ping();
    const hub = new RedisStreamHub(redis, 60_000, { coalesceMs: 0 });
    const ids = Array.from({ length: 50 }, newId);
    try {
      for (const id of ids) await hub.create({ id, ownerKey: 'guest:1', model: 'gpt-4o', messageId: null });
      await sleep(20);
      const stream = (redis as unknown as { stream: { write: (...args: unknown[]) => boolean } }).stream;
      const write = stream.write.bind(stream);
      let writes = 0;
      stream.write = (...args: unknown[]) => {
        writes += 1;
        return write(...args);
      };
      // A token for each of 50 streams in one turn: 100 commands.
      for (const id of ids) hub.push(id, delta('hello ', null));
      await sleep(100);
      stream.write = write;
      expect(writes).toBe(1);
      for (const id of ids) hub.finish(id);
      for (const id of ids.slice(0, 3)) expect(textOf(await read(hub, id, 0))).toBe('hello ');
    } finally {
      await hub.close();
      redis.disconnect();
    }
  });

  it('a reader attaching on the generating instance while its latest events wait to be sent gets every event, once', async () => {
    const redis = new Redis(REDIS_URL);
    const hub = new RedisStreamHub(redis, 60_000, { coalesceMs: 0 });
    const id = newId();
    try {
      await hub.create({ id, ownerKey: 'guest:1', model: 'gpt-4o', messageId: null });
      // One reader has the channel subscribed already: the others attach without waiting for it.
      const readers = [read(hub, id, 0)];
      await sleep(50);
      for (let i = 0; i < WORDS.length; i++) {
        hub.push(id, delta(WORDS[i] as string, null));
        readers.push(read(hub, id, 0));
        if (i % 10 === 9) await sleep(5);
      }
      hub.finish(id);
      for (const reader of readers) {
        const seen = await reader;
        expect(textOf(seen)).toBe(WORDS.join(''));
        expect(seen.at(-2)?.data).toBe(STREAM_DONE);
      }
    } finally {
      await hub.close();
      redis.disconnect();
    }
  });

  it('closes (as at shutdown) with writes still queued and Redis gone for good: they are given up after a short wait', async () => {
    const port = Number(new URL(REDIS_URL).port || 6379);
    const link = await cuttableLink(port);
    const writer = new Redis({ host: '127.0.0.1', port: link.port, maxRetriesPerRequest: 2 });
    writer.on('error', () => undefined);
    const hub = new RedisStreamHub(writer, 60_000, { coalesceMs: 0 });
    const id = newId();
    try {
      await hub.create({ id, ownerKey: 'guest:1', model: 'gpt-4o', messageId: null });
      link.cut(60_000);
      for (const w of WORDS) hub.push(id, delta(w, null));
      await sleep(100);
      // The test's timeout is the bound: closing must not wait for Redis, nor spin.
      await hub.close();
      writer.disconnect();
      // Once the client has ended, queued writes fail at once: closing still returns.
      const ended = new Redis(REDIS_URL);
      const second = new RedisStreamHub(ended, 60_000, { coalesceMs: 0 });
      const other = newId();
      await second.create({ id: other, ownerKey: 'guest:1', model: 'gpt-4o', messageId: null });
      ended.disconnect();
      for (const w of WORDS) second.push(other, delta(w, null));
      await second.close();
    } finally {
      writer.disconnect();
      await link.close();
    }
  }, 15_000);

  it("never drops an event when the writer's connection to Redis breaks: a reader on another instance gets every word", async () => {
    // The generating instance reaches Redis through a link the test breaks twice while the reply streams; the reader
    // is another instance with its own connection, attached after the end.
    const port = Number(new URL(REDIS_URL).port || 6379);
    const link = await cuttableLink(port);
    const writer = new Redis({ host: '127.0.0.1', port: link.port, maxRetriesPerRequest: 2 });
    writer.on('error', () => undefined);
    const readerRedis = new Redis(REDIS_URL);
    const generating = new RedisStreamHub(writer, 60_000, { coalesceMs: 10 });
    const elsewhere = new RedisStreamHub(readerRedis, 60_000, { coalesceMs: 10 });
    const id = newId();
    try {
      await generating.create({ id, ownerKey: 'guest:1', model: 'gpt-4o', messageId: null });
      // A live reader elsewhere too: it may be let go at a gap, and then resumes after its last event id.
      const live: HubEvent[] = [];
      const followLive = (async () => {
        let after: number | StreamCursor = 0;
        for (;;) {
          const seen = await read(elsewhere, id, after);
          for (const e of seen) if (e) live.push(e);
          const last = seen.filter((e): e is HubEvent => e !== null).at(-1);
          if (last?.data === STREAM_DONE) return;
          if (last) after = cursorOf(last);
          await sleep(50);
        }
      })();
      for (let i = 0; i < WORDS.length; i++) {
        generating.push(id, delta(WORDS[i] as string, null));
        if (i === 20 || i === 40) link.cut(400);
        await sleep(15);
      }
      generating.finish(id);
      await followLive;
      expect(textOf(live)).toBe(WORDS.join(''));
      // Every event once, in order.
      const seqs = live.map((e) => e.seq);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
      // A late reader elsewhere, from the start and from the middle.
      const whole = await read(elsewhere, id, 0);
      expect(textOf(whole)).toBe(WORDS.join(''));
      const middle = whole[Math.floor(whole.length / 2)] as HubEvent;
      const rest = await read(elsewhere, id, cursorOf(middle));
      expect(textOf(whole.slice(0, Math.floor(whole.length / 2) + 1)) + textOf(rest)).toBe(WORDS.join(''));
    } finally {
      await generating.close();
      await elsewhere.close();
      writer.disconnect();
      readerRedis.disconnect();
      await link.close();
    }
  });
});
