import type { StreamEvent } from '@ensemble/shared';

/** A content event of a chat stream. */
export type ContentEvent = Extract<StreamEvent, { content: string }>;
const isContent = (event: StreamEvent): event is ContentEvent => typeof (event as { content?: unknown }).content === 'string';
/** The JSON text of a content event. */
export const contentData = (content: string, messageId: number | null, format: ContentEvent['format']) =>
  JSON.stringify({ content, message_id: messageId, format } satisfies ContentEvent);

interface Pending {
  text: string;
  messageId: number | null;
  format: ContentEvent['format'];
  timer: NodeJS.Timeout | null;
  lastOut: number;
}

/**
 * Joins a stream's content deltas into one event per window of `windowMs`: a delta that comes
 * when nothing went out for a window (the first one, or after a pause) goes out at once; the rest
 * wait at most `windowMs`. Any other event, and the end, first flushes what waits, so the order
 * of text and events is kept and no text is lost. A window of 0 sends every delta as it comes.
 */
export class StreamBatcher {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly windowMs: number,
    /** Writes one event: its JSON text and the content it carries ('' for other events). */
    private readonly emit: (id: string, data: string, added: string) => void,
  ) {}

  push(id: string, event: StreamEvent): void {
    if (!isContent(event)) {
      this.flush(id);
      this.emit(id, JSON.stringify(event), '');
      return;
    }
    if (!event.content) return;
    if (this.windowMs <= 0) {
      this.emit(id, contentData(event.content, event.message_id, event.format), event.content);
      return;
    }
    let p = this.pending.get(id);
    if (!p) {
      p = { text: '', messageId: event.message_id, format: event.format, timer: null, lastOut: Number.NEGATIVE_INFINITY };
      this.pending.set(id, p);
    }
    p.messageId = event.message_id;
    p.format = event.format;
    // Every delta joins the text that waits, so none can go out ahead of an earlier one; text
    // waits only with a timer set, so it goes out within the window without a later delta.
    p.text += event.content;
    if (p.timer !== null) return;
    const wait = this.windowMs - (performance.now() - p.lastOut);
    if (wait <= 0) this.send(id, p);
    else p.timer = setTimeout(() => this.flush(id), wait);
  }

  /** Sends what waits now (at the end of its window, before another event, or at the end). */
  flush(id: string): void {
    const p = this.pending.get(id);
    if (!p) return;
    if (p.timer) clearTimeout(p.timer);
    p.timer = null;
    if (p.text) this.send(id, p);
  }

  /** Flushes and forgets a stream. */
  end(id: string): void {
    this.flush(id);
    this.pending.delete(id);
  }

  close(): void {
    for (const p of this.pending.values()) if (p.timer) clearTimeout(p.timer);
    this.pending.clear();
  }

  private send(id: string, p: Pending): void {
    const text = p.text;
    p.text = '';
    p.lastOut = performance.now();
    this.emit(id, contentData(text, p.messageId, p.format), text);
  }
}
