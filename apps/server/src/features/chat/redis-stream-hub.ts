import { STREAM_DONE, type StreamEvent } from '@ensemble/shared';
import type { Redis } from 'ioredis';
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
// A write that fails (Redis gone, or this instance shutting down) loses that event for remote
// followers; the reply itself is saved in the database either way, so it must not crash the process.
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
    // One transaction: a reader sees either the running list or the final record, never neither.
    this.redis
      .multi()
      .publish(k.channel, raw)
      .set(k.final, JSON.stringify(record), 'EX', ttl)
      .del(k.events)
      .expire(k.meta, ttl)
      .exec()
      .catch(dropped);
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
    const follower: Follower = {
      message: onMessage,
      lost: () => {
        if (ended || this.local.has(id)) return;
        ended = true;
        unsubscribe();
        deliver(null);
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
    // Subscribed first, then the backlog: nothing published in between is missed.
    const snapshot = await this.redis
      .multi()
      .get(k.meta)
      .get(k.final)
      .lrange(k.events, 0, -1)
      .exec()
      .catch((error: unknown) => {
        unsubscribe();
        throw error;
      });
    // Let go while the backlog was asked for (the connection went): it has been told.
    if (ended) return () => {};
    const [metaRaw, finalRaw, backlog] = (snapshot ?? []).map(([error, value]) => (error ? null : value)) as [
      string | null,
      string | null,
      string[] | null,
    ];
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
    this.listeners.clear();
    this.subscriber.disconnect();
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
    // Two commands a batch, on one connection so they stay in order; the list gets its expiry
    // once, so a crashed generator's list still goes away.
    this.redis.rpush(k.events, raw).catch(dropped);
    if (s.seq === 1) this.redis.expire(k.events, RUNNING_TTL_S).catch(dropped);
    this.redis.publish(k.channel, raw).catch(dropped);
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
