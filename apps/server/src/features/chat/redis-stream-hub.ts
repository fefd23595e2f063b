import { STREAM_DONE, type StreamEvent } from '@ensemble/shared';
import type { Redis } from 'ioredis';
import type { HubEvent, StreamHub, StreamMeta } from './stream-hub.js';

const RUNNING_TTL_S = 3600;
// A write that fails (Redis gone, or this instance shutting down) loses that event for remote
// followers; the reply itself is saved in the database either way, so it must not crash the process.
const dropped = () => {};
// Appends events after the last one with the next numbers, unless the stream is unknown or ended,
// then lets the keys expire: one script, so two instances abandoning at once cannot interleave.
const ABANDON = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local last = redis.call('LINDEX', KEYS[2], -1)
if last and string.find(last, ARGV[3], 1, true) then return 0 end
local n = redis.call('LLEN', KEYS[2])
for i = 4, #ARGV do
  n = n + 1
  local raw = '{"seq":' .. n .. ',"data":' .. ARGV[i] .. '}'
  redis.call('RPUSH', KEYS[2], raw)
  redis.call('PUBLISH', ARGV[1], raw)
end
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('EXPIRE', KEYS[2], ARGV[2])
return 1
`;
const key = (id: string) => ({ meta: `ens:stream:${id}:meta`, events: `ens:stream:${id}:events`, channel: `ens:stream:${id}` });

/**
 * Streams kept in Redis: the instance that generates a reply appends numbered events to a list
 * and publishes each; any instance can attach, replay the list after Last-Event-ID and follow the
 * channel. Keys expire after the grace period once finished.
 */
export class RedisStreamHub implements StreamHub {
  private readonly subscriber: Redis;
  private readonly seqs = new Map<string, number>();
  private readonly listeners = new Map<string, Set<(raw: string) => void>>();

  constructor(
    private readonly redis: Redis,
    private readonly graceMs: number,
  ) {
    this.subscriber = redis.duplicate();
    this.subscriber.on('message', (channel: string, raw: string) => {
      for (const listener of this.listeners.get(channel) ?? []) listener(raw);
    });
  }

  async create(meta: StreamMeta): Promise<void> {
    const k = key(meta.id);
    this.seqs.set(meta.id, 0);
    await this.redis
      .multi()
      .set(k.meta, JSON.stringify({ ...meta, done: false }), 'EX', RUNNING_TTL_S)
      .exec();
  }

  async meta(id: string): Promise<StreamMeta | undefined> {
    const raw = await this.redis.get(key(id).meta);
    return raw ? (JSON.parse(raw) as StreamMeta) : undefined;
  }

  push(id: string, event: StreamEvent): void {
    this.append(id, JSON.stringify(event));
  }

  finish(id: string): void {
    if (!this.seqs.has(id)) return;
    const k = key(id);
    this.append(id, STREAM_DONE);
    this.seqs.delete(id);
    const ttl = Math.max(1, Math.ceil(this.graceMs / 1000));
    // Commands on one connection run in order, so the expiry follows the last event.
    this.redis.multi().expire(k.events, ttl).expire(k.meta, ttl).exec().catch(dropped);
  }

  async attach(id: string, afterSeq: number, deliver: (event: HubEvent | null) => void): Promise<(() => void) | null> {
    const k = key(id);
    let last = afterSeq;
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
      set = new Set();
      this.listeners.set(k.channel, set);
      await this.subscriber.subscribe(k.channel);
    }
    set.add(onMessage);
    const unsubscribe = () => {
      set.delete(onMessage);
      if (set.size === 0) {
        this.listeners.delete(k.channel);
        void this.subscriber.unsubscribe(k.channel);
      }
    };
    // Subscribed first, then the backlog: nothing published in between is missed.
    const [metaRaw, backlog] = await Promise.all([this.redis.get(k.meta), this.redis.lrange(k.events, 0, -1)]);
    if (!metaRaw) {
      unsubscribe();
      return null;
    }
    for (const raw of backlog) handle(JSON.parse(raw) as HubEvent);
    replaying = false;
    for (const e of pending.sort((a, b) => a.seq - b.seq)) handle(e);
    if (ended) unsubscribe();
    return unsubscribe;
  }

  async abandon(id: string, event: StreamEvent): Promise<void> {
    const k = key(id);
    const ttl = Math.max(1, Math.ceil(this.graceMs / 1000));
    const doneMark = `"data":${JSON.stringify(STREAM_DONE)}`;
    await this.redis.eval(
      ABANDON,
      2,
      k.meta,
      k.events,
      k.channel,
      String(ttl),
      doneMark,
      JSON.stringify(JSON.stringify(event)),
      JSON.stringify(STREAM_DONE),
    );
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.subscriber.disconnect();
  }

  private append(id: string, data: string): void {
    const seq = this.seqs.get(id);
    if (seq === undefined) return;
    this.seqs.set(id, seq + 1);
    const k = key(id);
    const raw = JSON.stringify({ seq: seq + 1, data });
    this.redis.multi().rpush(k.events, raw).expire(k.events, RUNNING_TTL_S).publish(k.channel, raw).exec().catch(dropped);
  }
}
