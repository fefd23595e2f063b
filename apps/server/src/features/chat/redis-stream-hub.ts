import { STREAM_DONE, type StreamEvent } from '@ensemble/shared';
import { type ChainableCommander, type Redis, ReplyError } from 'ioredis';
import {
  type HubEvent,
  type SavedTextLoader,
  type StreamCursor,
  type StreamHub,
  type StreamMeta,
  replayFinished,
  rewindData,
  rewindOffset,
  toCursor,
} from './stream-hub.js';
import { StreamBatcher } from './stream-batcher.js';

const RUNNING_TTL_S = 3600;
/** Waits between tries of a batch of writes that did not reach Redis: doubling from the first, up to the last. */
const RETRY_FIRST_MS = 50;
const RETRY_MAX_MS = 2000;
/** How long closing waits for the writes still queued (Redis may be gone). */
const CLOSE_FLUSH_MS = 2000;
// Commands outside the write queue (unsubscribing a channel) may fail while Redis is gone; nothing depends on them.
const dropped = () => {};
// Appends events after the last one with the next numbers, unless the stream is unknown or ended,
// then lets the keys expire: one script, so two instances abandoning at once cannot interleave.
// ARGV: channel, ttl, [DONE], the saved text's length (-1: none) and its rewind event, the events.
const ABANDON = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('EXISTS', KEYS[3]) == 1 then return 0 end
local n, off = 0, 0
local last = redis.call('LINDEX', KEYS[2], -1)
if last then
  local e = cjson.decode(last)
  if e.data == ARGV[3] then return 0 end
  n = e.seq
  off = e.offset
end
local function append(data)
  n = n + 1
  local raw = cjson.encode({ seq = n, offset = off, data = data })
  redis.call('RPUSH', KEYS[2], raw)
  redis.call('PUBLISH', ARGV[1], raw)
end
local saved = tonumber(ARGV[4])
if saved >= 0 and off > saved then
  off = saved
  append(ARGV[5])
end
for i = 6, #ARGV do append(ARGV[i]) end
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('EXPIRE', KEYS[2], ARGV[2])
return 1
`;
const key = (id: string) => ({
  meta: `ens:stream:${id}:meta`,
  events: `ens:stream:${id}:events`,
  final: `ens:stream:${id}:final`,
  channel: `ens:stream:${id}`,
});

/** Commands the next batch carries; a read is sent once (its caller is told of a failure), a write until it lands. */
interface Step {
  add(batch: ChainableCommander): void;
  /** A read's caller, told when its batch failed or the hub closed (after an answer, nothing happens). */
  fail?(error: Error): void;
}
const UNANSWERED = new Error('Redis did not answer');

/** What this instance tracks of a stream it generates. */
interface Local {
  seq: number;
  offset: number;
  others: HubEvent[];
  /** Content so far, only for streams without a message row (comparisons). */
  text: string | null;
}

/** A reader following a stream through its channel. */
interface Follower {
  message(raw: string): void;
  /** The channel's connection went: what is published meanwhile never reaches this reader. */
  lost(): void;
}

/** A finished stream as kept in Redis: its non-content events and, for comparisons, its text. */
interface FinalRecord {
  others: HubEvent[];
  length: number;
  text: string | null;
}

/**
 * Streams kept in Redis: the instance that generates a reply appends numbered events (coalesced,
 * one RPUSH and one PUBLISH a batch) to a list; any instance can attach, replay the list after
 * Last-Event-ID and follow the channel. At the end the list is replaced by a small final record
 * (non-content events, and the text when there is no message row), kept for the grace period.
 */
export class RedisStreamHub implements StreamHub {
  private readonly subscriber: Redis;
  private readonly local = new Map<string, Local>();
  private readonly listeners = new Map<string, Set<Follower>>();
  private readonly batcher: StreamBatcher;
  /**
   * The writes not yet in Redis, in order: all streams' appends and ends of a turn of the loop go out together, in one
   * pipeline (one socket write, not one per stream). A batch that fails is sent again, whole and first, until Redis
   * has it: an event is never dropped, so a reader on another instance never misses text (issue 45). A batch sent
   * twice does no harm: readers drop an event whose number they have seen, and the batch ends as it did.
   */
  private queue: Step[] = [];
  private sending: Promise<void> | null = null;
  private scheduled = false;
  private retryMs = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly redis: Redis,
    private readonly graceMs: number,
    private readonly options: { coalesceMs?: number; loadSaved?: SavedTextLoader } = {},
  ) {
    this.subscriber = redis.duplicate();
    // Its connection's failures are the main client's (app.ts reports them).
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (channel: string, raw: string) => {
      for (const follower of [...(this.listeners.get(channel) ?? [])]) follower.message(raw);
    });
    // While the connection is gone (Redis restarting or unreachable), what is published is lost, a stream's end
    // included: a reader waiting for it would wait for ever (issue 44). Each reader of a stream generated elsewhere is
    // let go; it comes back after its last event id (as the web app does) and is answered from what Redis or the saved
    // reply then holds. Readers of this instance's own streams get their events here, without Redis.
    this.subscriber.on('close', () => {
      for (const set of [...this.listeners.values()]) for (const follower of [...set]) follower.lost();
    });
    this.batcher = new StreamBatcher(options.coalesceMs ?? 0, (id, data, added) => this.append(id, data, added));
  }

  async create(meta: StreamMeta): Promise<void> {
    const text = meta.messageId === null || !this.options.loadSaved ? '' : null;
    this.local.set(meta.id, { seq: 0, offset: 0, others: [], text });
    await this.redis.set(key(meta.id).meta, JSON.stringify(meta), 'EX', RUNNING_TTL_S);
  }

  async meta(id: string): Promise<StreamMeta | undefined> {
    const raw = await this.redis.get(key(id).meta);
    return raw ? (JSON.parse(raw) as StreamMeta) : undefined;
  }

  push(id: string, event: StreamEvent): void {
    if (!this.local.has(id)) return;
    this.batcher.push(id, event);
  }

  finish(id: string): void {
    const s = this.local.get(id);
    if (!s) return;
    this.batcher.end(id);
    const k = key(id);
    s.seq += 1;
    const done: HubEvent = { seq: s.seq, offset: s.offset, data: STREAM_DONE };
    s.others.push(done);
    this.local.delete(id);
    const ttl = Math.max(1, Math.ceil(this.graceMs / 1000));
    const record: FinalRecord = { others: s.others, length: s.offset, text: s.text };
    const raw = JSON.stringify(done);
    const final = JSON.stringify(record);
    // In this order, on one connection: a reader sees the running list or the final record, never neither, and one
    // that saw the list (so subscribed before the final record was written) is then told of the end on the channel.
    this.write((batch) => batch.set(k.final, final, 'EX', ttl).publish(k.channel, raw).del(k.events).expire(k.meta, ttl));
    this.deliverHere(k.channel, raw);
  }

  async attach(id: string, after: number | StreamCursor, deliver: (event: HubEvent | null) => void): Promise<(() => void) | null> {
    const k = key(id);
    const cursor = toCursor(after);
    let last = cursor.seq;
    let ended = false;
    const pending: HubEvent[] = [];
    let replaying = true;
    const handle = (e: HubEvent) => {
      if (ended || e.seq <= last) return;
      // A gap in the numbers (a message the channel did not bring): the reader is let go, and comes back after its
      // last event id to be answered from the list, which has every event.
      if (e.seq > last + 1 && !replaying) return cut();
      last = e.seq;
      deliver(e);
      if (e.data === STREAM_DONE) {
        ended = true;
        deliver(null);
      }
    };
    const onMessage = (raw: string) => {
      const e = JSON.parse(raw) as HubEvent;
      if (replaying) pending.push(e);
      else handle(e);
    };
    let set = this.listeners.get(k.channel);
    if (!set) {
      const fresh = new Set<Follower>();
      set = fresh;
      this.listeners.set(k.channel, fresh);
      await this.subscriber.subscribe(k.channel).catch((error: unknown) => {
        // Not subscribed: the next reader of this stream subscribes again.
        if (fresh.size === 0 && this.listeners.get(k.channel) === fresh) this.listeners.delete(k.channel);
        throw error;
      });
    }
    const channelSet = set;
    const cut = () => {
      ended = true;
      unsubscribe();
      deliver(null);
    };
    const follower: Follower = {
      message: onMessage,
      lost: () => {
        if (ended || this.local.has(id)) return;
        cut();
      },
    };
    channelSet.add(follower);
    const unsubscribe = () => {
      channelSet.delete(follower);
      if (channelSet.size === 0 && this.listeners.get(k.channel) === channelSet) {
        this.listeners.delete(k.channel);
        this.subscriber.unsubscribe(k.channel).catch(dropped);
      }
    };
    // Subscribed first, then the backlog: nothing published in between is missed. The backlog is read in the write
    // queue's order, after this instance's events not yet sent (which the channel will not bring this reader).
    const snapshot = await this.readBacklog(k).catch((error: unknown) => {
      unsubscribe();
      throw error;
    });
    // Let go while the backlog was asked for (the connection went): it has been told.
    if (ended) return () => {};
    const { meta: metaRaw, final: finalRaw, backlog } = snapshot;
    if (!metaRaw) {
      unsubscribe();
      return null;
    }
    if (finalRaw) {
      unsubscribe();
      const record = JSON.parse(finalRaw) as FinalRecord;
      const meta = JSON.parse(metaRaw) as StreamMeta;
      const text = record.text ?? (meta.messageId !== null ? await this.options.loadSaved?.(meta.messageId) : '') ?? '';
      replayFinished(record.others, text, cursor, meta.messageId, deliver);
      deliver(null);
      return () => {};
    }
    for (const raw of backlog ?? []) handle(JSON.parse(raw) as HubEvent);
    replaying = false;
    for (const e of pending.sort((a, b) => a.seq - b.seq)) handle(e);
    if (ended) unsubscribe();
    return unsubscribe;
  }

  async abandon(id: string, event: StreamEvent, savedLength?: number): Promise<void> {
    const k = key(id);
    const ttl = Math.max(1, Math.ceil(this.graceMs / 1000));
    const saved = savedLength ?? -1;
    const rewind = rewindData(Math.max(0, saved));
    await this.redis.eval(
      ABANDON,
      3,
      k.meta,
      k.events,
      k.final,
      k.channel,
      String(ttl),
      STREAM_DONE,
      String(saved),
      rewind,
      JSON.stringify(event),
      STREAM_DONE,
    );
  }

  async close(): Promise<void> {
    this.batcher.close();
    // What is queued goes out if Redis takes it soon (batches and retries go on as usual); past that, the replies are
    // saved in the database.
    const until = Date.now() + CLOSE_FLUSH_MS;
    while ((this.sending || this.queue.length > 0) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    for (const step of this.queue) step.fail?.(UNANSWERED);
    this.queue = [];
    this.listeners.clear();
    this.subscriber.disconnect();
  }

  /** Queues a write for the next batch, sent at the end of this turn of the loop. */
  private write(add: (batch: ChainableCommander) => void): void {
    if (this.closed) return;
    this.queue.push({ add });
    this.schedule();
  }

  /**
   * A stream's meta, running list and final record, read in the next batch. In this order a reader never misses the
   * end written meanwhile by another instance (final record first, then the channel's [DONE], then the list deleted):
   * a list read before the final record was written is whole, and the [DONE] comes after this reader subscribed.
   */
  private readBacklog(k: ReturnType<typeof key>): Promise<{ meta: string | null; final: string | null; backlog: string[] }> {
    if (this.closed) return Promise.reject(new Error('the stream hub is closed'));
    return new Promise((resolve, reject) => {
      let meta: string | null = null;
      let backlog: string[] = [];
      let failure: Error | null = null;
      const note = (error: Error | null | undefined) => {
        failure ??= error ?? null;
      };
      this.queue.push({
        fail: reject,
        add: (batch) => {
          batch.get(k.meta, (error, value) => {
            note(error);
            meta = value ?? null;
          });
          batch.lrange(k.events, 0, -1, (error, value) => {
            note(error);
            backlog = value ?? [];
          });
          batch.get(k.final, (error, value) => {
            note(error);
            if (failure) reject(failure);
            else resolve({ meta, final: value ?? null, backlog });
          });
        },
      });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.sending || this.retryTimer || this.closed) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (!this.sending && !this.retryTimer) void this.send();
    });
  }

  /** Sends the queue as one pipeline; one batch at a time, so the order of writes is kept across batches. */
  private send(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    const pipeline = this.redis.pipeline();
    for (const step of batch) step.add(pipeline);
    const sent = pipeline.exec().then(
      (results) => {
        // Redis refused a command (a reply error): sending it again would not help. Anything else (the connection
        // went, a command waited too long for it) is sent again.
        const failed = (results ?? []).some(([error]) => error && !(error instanceof ReplyError));
        if (failed) this.retry(batch);
        else this.retryMs = 0;
      },
      () => this.retry(batch),
    );
    this.sending = sent.finally(() => {
      this.sending = null;
      if (this.queue.length > 0) this.schedule();
    });
    return this.sending;
  }

  private retry(batch: Step[]): void {
    for (const step of batch) step.fail?.(UNANSWERED);
    if (this.closed) return;
    this.queue = batch.filter((step) => !step.fail).concat(this.queue);
    this.retryMs = Math.min(RETRY_MAX_MS, Math.max(RETRY_FIRST_MS, this.retryMs * 2));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.schedule();
    }, this.retryMs);
  }

  private append(id: string, data: string, added: string): void {
    const s = this.local.get(id);
    if (!s) return;
    s.seq += 1;
    const rewindTo = rewindOffset(data);
    if (rewindTo !== undefined && rewindTo < s.offset) {
      s.offset = rewindTo;
      if (s.text !== null) s.text = s.text.slice(0, rewindTo);
    } else s.offset += added.length;
    const event: HubEvent = { seq: s.seq, offset: s.offset, data };
    if (!added) s.others.push(event);
    else if (s.text !== null) s.text += added;
    const k = key(id);
    const raw = JSON.stringify(event);
    const first = s.seq === 1;
    // Two commands an event, in the turn's one pipeline; the list gets its expiry once, so a crashed generator's list
    // still goes away.
    this.write((batch) => {
      batch.rpush(k.events, raw);
      if (first) batch.expire(k.events, RUNNING_TTL_S);
      batch.publish(k.channel, raw);
    });
    this.deliverHere(k.channel, raw);
  }

  /**
   * Readers attached on this instance get an event of a stream generated here at once, not a
   * round trip through Redis later (about a millisecond more to every first token); the copy that
   * comes back through the channel is then dropped by its number, as any event already seen.
   */
  private deliverHere(channel: string, raw: string): void {
    const set = this.listeners.get(channel);
    if (set) for (const follower of [...set]) follower.message(raw);
  }
}
