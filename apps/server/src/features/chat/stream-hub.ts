import { MESSAGES, type MessageMetadata, STREAM_DONE, type StreamEvent, streamError } from '@ensemble/shared';
import { StreamBatcher, contentData } from './stream-batcher.js';

/**
 * One numbered event of a stream; `data` is the JSON text (or the literal [DONE]). `offset` is the
 * reply's content length once this event is read, so a reader resuming from it knows exactly which
 * text it already has, even when the events themselves are gone and only the final text is kept.
 */
/** The headers every event stream we answer starts with (no buffering by proxies, no caching, no sniffing). */
export const EVENT_STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
  'X-Content-Type-Options': 'nosniff',
} as const;

export interface HubEvent {
  seq: number;
  offset: number;
  data: string;
}

/** Where a reader resumes: after event `seq`, holding `offset` characters of content (null: unknown). */
export interface StreamCursor {
  seq: number;
  offset: number | null;
}

/** The SSE id of an event: its number and the content offset after it. */
export const eventId = (e: HubEvent): string => `${e.seq}-${e.offset}`;

/** Reads a Last-Event-ID: "seq-offset" as sent now, or a bare "seq" from an older page. */
export function parseEventId(raw: string | undefined): StreamCursor | undefined {
  const m = raw === undefined ? null : /^(\d{1,15})(?:-(\d{1,15}))?$/.exec(raw);
  if (!m) return undefined;
  return { seq: Number(m[1]), offset: m[2] === undefined ? null : Number(m[2]) };
}

export interface StreamMeta {
  id: string;
  /** "user:1" or "guest:7": only this caller may attach. */
  ownerKey: string;
  model: string;
  messageId: number | null;
}

/** Where streams live: in this process, or in Redis so that every instance can serve them. */
export interface StreamHub {
  create(meta: StreamMeta): Promise<void>;
  meta(id: string): Promise<StreamMeta | undefined>;
  /**
   * Appends an event and wakes every attached connection. Content deltas are coalesced: the first
   * goes out at once, later ones are joined into one event per window (see StreamBatcher).
   */
  push(id: string, event: StreamEvent): void;
  /** Appends [DONE] and marks the stream finished. */
  finish(id: string): void;
  /**
   * Delivers the events after `after`, then new ones as they come, then null at the end.
   * Resolves to an unsubscribe function, or null when the stream is unknown.
   */
  attach(id: string, after: number | StreamCursor, deliver: (event: HubEvent | null) => void): Promise<(() => void) | null>;
  /**
   * Ends a stream whose generator died (its lease expired), from any instance: appends the event
   * and [DONE] unless the stream already ended. `savedLength` is the length of the reply's saved
   * text: readers were sent more (text the generator had not saved yet) get a rewind to it first.
   */
  abandon(id: string, event: StreamEvent, savedLength?: number): Promise<void>;
  close(): Promise<void>;
}

/** Loads a finished thread reply's saved text (its message row), for readers that come after the events are gone. */
export type SavedTextLoader = (messageId: number) => Promise<string | undefined>;

/** The data of a rewind event to `offset` (see StreamEvent). */
export const rewindData = (offset: number): string => JSON.stringify({ type: 'rewind', offset } satisfies StreamEvent);
const isRewind = (data: string) => data.startsWith('{"type":"rewind"');
/** The offset a rewind event sets the stream back to (a generator's own, pushed like any event), else undefined. */
export const rewindOffset = (data: string): number | undefined => {
  if (!isRewind(data)) return undefined;
  const offset = (JSON.parse(data) as { offset?: unknown }).offset;
  return typeof offset === 'number' && Number.isInteger(offset) && offset >= 0 ? offset : undefined;
};

export const toCursor = (after: number | StreamCursor): StreamCursor =>
  typeof after === 'number' ? { seq: after, offset: after === 0 ? 0 : null } : after;

/**
 * What a finished stream keeps for its grace period: not its content events, only the events that
 * are not content (fallback note, figures, error, [DONE]) with the content offset each came at, and
 * the final text when there is no message row to read it from (comparisons). A record of its own,
 * about a third of a running stream's: thousands are held at a time under load.
 */
interface Finished {
  meta: StreamMeta;
  others: HubEvent[];
  text: string | null;
  at: number;
  /** Its estimated size in memory, counted against the hub's budget for finished streams. */
  bytes: number;
}

/**
 * About what a finished stream's record holds beyond its strings (the record, its meta, the map
 * entry and the events' objects), measured as the heap used by 20,000 of them: their strings come on top.
 */
const FINISHED_BASE_BYTES = 400;
const EVENT_BASE_BYTES = 40;
const finishedBytes = (meta: StreamMeta, others: HubEvent[], text: string | null): number =>
  FINISHED_BASE_BYTES +
  meta.id.length +
  meta.ownerKey.length +
  others.reduce((n, e) => n + EVENT_BASE_BYTES + e.data.length, 0) +
  (text?.length ?? 0);

interface Entry {
  meta: StreamMeta;
  events: HubEvent[];
  /** Non-content events so far (kept when the stream finishes). */
  others: HubEvent[];
  seq: number;
  offset: number;
  /** Content so far, kept only for streams without a message row. */
  text: string | null;
  listeners: Set<(event: HubEvent | null) => void>;
}

/**
 * A reply's text as one flat string. Appending deltas builds a rope with a node for every piece
 * (about 8.8 KB for 800 characters in 160 pieces); reading a character of it makes V8 flatten it
 * in place (about 0.9 KB), and the pieces can go.
 */
function flat(text: string | null): string | null {
  if (text) _flatReads ^= text.charCodeAt(0);
  return text;
}
// Where flat() leaves what it read: a variable the optimiser cannot prove unused, so the read stays.
let _flatReads = 0;

/**
 * Replays a finished stream from its kept parts: the text after the reader's offset, cut at the
 * offsets where the other events came, so the reader gets the same text and events in the same order.
 * A reader that holds more than the text (a rewind among the events says so) gets that rewind.
 */
export function replayFinished(
  others: HubEvent[],
  text: string,
  cursor: StreamCursor,
  messageId: number | null,
  deliver: (event: HubEvent) => void,
): void {
  let pos = cursor.offset ?? Math.max(0, ...others.filter((o) => o.seq <= cursor.seq).map((o) => o.offset));
  for (const other of others) {
    if (other.seq <= cursor.seq) continue;
    const upTo = Math.min(other.offset, text.length);
    if (upTo > pos) {
      deliver({ seq: other.seq - 1, offset: upTo, data: contentData(text.slice(pos, upTo), messageId, 'markdown') });
      pos = upTo;
    }
    deliver(other);
    if (isRewind(other.data)) pos = Math.min(pos, other.offset);
  }
}

/** A thread reply as saved in its message row, for a reader that comes after its stream is gone. */
export interface SavedReply {
  id: number;
  content: string;
  status: string;
  metadata: MessageMetadata | null;
}

/**
 * Replays a finished thread reply from its saved row alone (its stream was dropped: grace over, or
 * the budget full, or its server restarted): the text after the reader's offset, or a rewind when
 * the reader holds more than was saved, then the figures saved with it, the error a cut reply ended
 * with, and [DONE], numbered after the reader's last event.
 */
export function replaySaved(saved: SavedReply, cursor: StreamCursor & { offset: number }, deliver: (event: HubEvent) => void): void {
  const { credits, ttft_ms, total_ms, tokens_in, tokens_out, tokens_estimated } = saved.metadata ?? {};
  const ends: StreamEvent[] = [];
  // Its server died after sending the reader text it had not saved: the saved text is the reply.
  if (cursor.offset > saved.content.length) ends.push({ type: 'rewind', offset: saved.content.length });
  // The figures the reply was saved with (JSON leaves out those it does not have).
  if (credits !== undefined && total_ms !== undefined)
    ends.push({ type: 'figures', figures: { credits, ttft_ms, total_ms, tokens_in, tokens_out, tokens_estimated } });
  if (saved.status === 'error') ends.push(streamError(MESSAGES.generateFailed));
  if (saved.status === 'interrupted') ends.push(streamError(MESSAGES.generatorStopped));
  // Content (if any) goes out as event seq + 1, so the others start after it.
  let seq = cursor.seq + 1;
  const at = saved.content.length;
  const others = [...ends.map((e) => JSON.stringify(e)), STREAM_DONE].map((data) => ({ seq: ++seq, offset: at, data }));
  replayFinished(others, saved.content, cursor, saved.id, deliver);
}

/**
 * The in-process hub: keeps each running stream's events in order so any number of connections
 * can attach, and a reconnect resumes after its Last-Event-ID. A finished stream keeps only its
 * final text (read from its message row when it has one) for a grace period, then is dropped, so
 * memory does not grow with the number of replies or their length. The finished streams held at
 * once also have a budget in bytes: under a load that finishes more within the grace period than
 * it holds, the oldest go early (a reader then gets a thread reply from its saved message), so
 * memory stays flat however many streams finish a minute.
 */
export class MemoryStreamHub implements StreamHub {
  private readonly streams = new Map<string, Entry>();
  /** Finished streams in their grace period, oldest first (the order they finished in). */
  private readonly finished = new Map<string, Finished>();
  /** The estimated size of every record in `finished`. */
  private finishedBytes = 0;
  private readonly sweeper: NodeJS.Timeout;
  private readonly batcher: StreamBatcher;

  constructor(
    private readonly graceMs = 60_000,
    private readonly options: { coalesceMs?: number; loadSaved?: SavedTextLoader; graceBytes?: number } = {},
  ) {
    // Swept a few times per grace period, so a finished stream is gone soon after its grace ends.
    this.sweeper = setInterval(() => this.sweep(), Math.max(1_000, Math.min(graceMs / 4, 30_000)));
    this.sweeper.unref();
    this.batcher = new StreamBatcher(options.coalesceMs ?? 0, (id, data, added) => this.append(id, data, added));
  }

  async create(meta: StreamMeta): Promise<void> {
    this.forget(meta.id);
    this.streams.set(meta.id, {
      meta,
      events: [],
      others: [],
      seq: 0,
      offset: 0,
      text: meta.messageId === null || !this.options.loadSaved ? '' : null,
      listeners: new Set(),
    });
  }

  async meta(id: string): Promise<StreamMeta | undefined> {
    return (this.streams.get(id) ?? this.finished.get(id))?.meta;
  }

  push(id: string, event: StreamEvent): void {
    if (this.streams.has(id)) this.batcher.push(id, event);
  }

  finish(id: string): void {
    const entry = this.streams.get(id);
    if (!entry) return;
    this.batcher.end(id);
    this.append(id, STREAM_DONE, '');
    this.streams.delete(id);
    // A copy the size of its events (a grown array keeps room for 17).
    const others = entry.others.slice();
    const text = flat(entry.text);
    const bytes = finishedBytes(entry.meta, others, text);
    this.finished.set(id, { meta: entry.meta, others, text, at: Date.now(), bytes });
    this.finishedBytes += bytes;
    const budget = this.options.graceBytes ?? Number.POSITIVE_INFINITY;
    for (const oldest of this.finished.keys()) {
      if (this.finishedBytes <= budget) break;
      this.forget(oldest);
    }
    for (const listener of entry.listeners) listener(null);
    entry.listeners.clear();
  }

  async attach(id: string, after: number | StreamCursor, deliver: (event: HubEvent | null) => void): Promise<(() => void) | null> {
    const cursor = toCursor(after);
    const entry = this.streams.get(id);
    if (entry) {
      for (const e of entry.events) if (e.seq > cursor.seq) deliver(e);
      entry.listeners.add(deliver);
      return () => entry.listeners.delete(deliver);
    }
    const done = this.finished.get(id);
    if (!done) return null;
    const messageId = done.meta.messageId;
    const text = done.text ?? (messageId !== null ? await this.options.loadSaved?.(messageId) : '') ?? '';
    replayFinished(done.others, text, cursor, messageId, deliver);
    deliver(null);
    return () => {};
  }

  async abandon(id: string, event: StreamEvent, savedLength?: number): Promise<void> {
    const entry = this.streams.get(id);
    if (!entry) return;
    // What waits in the coalescing window goes out first, so the rewind covers it too.
    this.batcher.flush(id);
    if (savedLength !== undefined && entry.offset > savedLength) this.append(id, rewindData(savedLength), '', savedLength);
    this.push(id, event);
    this.finish(id);
  }

  /** How many streams are held (running or in their grace period). */
  size(): number {
    return this.streams.size + this.finished.size;
  }

  /** How many finished streams are held in their grace period. */
  heldCount(): number {
    return this.finished.size;
  }

  /** The estimated bytes the finished streams in their grace period hold. */
  heldBytes(): number {
    return this.finishedBytes;
  }

  /** Drops finished streams whose grace period has passed (the oldest come first: it stops at the first kept). */
  sweep(nowMs = Date.now()): void {
    for (const [id, done] of this.finished) {
      if (nowMs - done.at < this.graceMs) break;
      this.forget(id);
    }
  }

  private forget(id: string): void {
    const done = this.finished.get(id);
    if (!done) return;
    this.finished.delete(id);
    this.finishedBytes -= done.bytes;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.batcher.close();
    this.streams.clear();
    this.finished.clear();
    this.finishedBytes = 0;
  }

  /** Appends one event: content `added`, or another event (a rewind to `rewindTo` sets the offset back). */
  private append(id: string, data: string, added: string, rewindTo?: number): void {
    const entry = this.streams.get(id);
    if (!entry) return;
    entry.seq += 1;
    rewindTo ??= rewindOffset(data);
    entry.offset = rewindTo ?? entry.offset + added.length;
    if (rewindTo !== undefined && entry.text !== null) entry.text = entry.text.slice(0, rewindTo);
    const event: HubEvent = { seq: entry.seq, offset: entry.offset, data };
    entry.events.push(event);
    if (!added) entry.others.push(event);
    else if (entry.text !== null) entry.text += added;
    for (const listener of entry.listeners) listener(event);
  }
}
