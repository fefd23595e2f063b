import { STREAM_DONE, type StreamEvent } from '@ensemble/shared';

/** One numbered event of a stream; `data` is the JSON text (or the literal [DONE]). */
export interface HubEvent {
  seq: number;
  data: string;
}

export interface StreamMeta {
  id: string;
  /** "user:1" or "guest:7": only this caller may attach. */
  ownerKey: string;
  model: string;
  messageId: number | null;
}

interface Entry {
  meta: StreamMeta;
  events: HubEvent[];
  done: boolean;
  listeners: Set<(event: HubEvent | null) => void>;
  finishedAt: number | null;
}

/** Where streams live: in this process, or in Redis so that every instance can serve them. */
export interface StreamHub {
  create(meta: StreamMeta): Promise<void>;
  meta(id: string): Promise<StreamMeta | undefined>;
  /** Appends an event (in call order) and wakes every attached connection. */
  push(id: string, event: StreamEvent): void;
  /** Appends [DONE] and marks the stream finished. */
  finish(id: string): void;
  /**
   * Delivers the events after `afterSeq`, then new ones as they come, then null at the end.
   * Resolves to an unsubscribe function, or null when the stream is unknown.
   */
  attach(id: string, afterSeq: number, deliver: (event: HubEvent | null) => void): Promise<(() => void) | null>;
  /**
   * Ends a stream whose generator died (its lease expired), from any instance: appends the event
   * and [DONE] unless the stream already ended.
   */
  abandon(id: string, event: StreamEvent): Promise<void>;
  close(): Promise<void>;
}

/**
 * The in-process hub: keeps each running stream's events in order so any number of connections
 * can attach, and a reconnect resumes after its Last-Event-ID. Finished streams are dropped after
 * a grace period, so memory does not grow with their number.
 */
export class MemoryStreamHub implements StreamHub {
  private readonly streams = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly graceMs = 5 * 60_000) {
    this.sweeper = setInterval(() => this.sweep(), Math.min(graceMs, 30_000));
    this.sweeper.unref();
  }

  async create(meta: StreamMeta): Promise<void> {
    this.streams.set(meta.id, { meta, events: [], done: false, listeners: new Set(), finishedAt: null });
  }

  async meta(id: string): Promise<StreamMeta | undefined> {
    return this.streams.get(id)?.meta;
  }

  push(id: string, event: StreamEvent): void {
    this.append(id, JSON.stringify(event));
  }

  finish(id: string): void {
    const entry = this.streams.get(id);
    if (!entry || entry.done) return;
    this.append(id, STREAM_DONE);
    entry.done = true;
    entry.finishedAt = Date.now();
    for (const listener of entry.listeners) listener(null);
    entry.listeners.clear();
  }

  async attach(id: string, afterSeq: number, deliver: (event: HubEvent | null) => void): Promise<(() => void) | null> {
    const entry = this.streams.get(id);
    if (!entry) return null;
    for (const e of entry.events) if (e.seq > afterSeq) deliver(e);
    if (entry.done) {
      deliver(null);
      return () => {};
    }
    entry.listeners.add(deliver);
    return () => entry.listeners.delete(deliver);
  }

  async abandon(id: string, event: StreamEvent): Promise<void> {
    const entry = this.streams.get(id);
    if (!entry || entry.done) return;
    this.push(id, event);
    this.finish(id);
  }

  /** How many streams are held (running or in their grace period). */
  size(): number {
    return this.streams.size;
  }

  /** Drops finished streams whose grace period has passed. */
  sweep(nowMs = Date.now()): void {
    for (const [id, entry] of this.streams) {
      if (entry.done && entry.finishedAt !== null && nowMs - entry.finishedAt >= this.graceMs) this.streams.delete(id);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.streams.clear();
  }

  private append(id: string, data: string): void {
    const entry = this.streams.get(id);
    if (!entry || entry.done) return;
    const event = { seq: entry.events.length + 1, data };
    entry.events.push(event);
    for (const listener of entry.listeners) listener(event);
  }
}
