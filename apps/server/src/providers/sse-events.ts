/** One server-sent event: its name (default 'message') and its data lines joined by newlines. */
export interface SseEvent {
  event: string;
  data: string;
}

const CR = 13;
const LF = 10;

/**
 * A push parser for a text/event-stream body, per the WHATWG event-stream rules: fed the decoded
 * text as it arrives, it calls `onEvent` for every event completed, synchronously. No generator
 * or promise per line or event: a relayed token is one event, and a stream carries hundreds.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private sawData = false;

  constructor(private readonly onEvent: (event: SseEvent) => void) {}

  feed(text: string): void {
    const buffer = this.buffer ? this.buffer + text : text;
    let start = 0;
    // Where the next \n and \r are (-1: none left); each is searched again only once passed.
    let lf = buffer.indexOf('\n');
    let cr = buffer.indexOf('\r');
    while (start < buffer.length) {
      if (lf >= 0 && lf < start) lf = buffer.indexOf('\n', start);
      if (cr >= 0 && cr < start) cr = buffer.indexOf('\r', start);
      const end = cr < 0 ? lf : lf < 0 ? cr : Math.min(lf, cr);
      if (end < 0) break;
      // A lone \r at the end of a chunk may be half of \r\n; wait for the next chunk.
      if (end === cr && end === buffer.length - 1) break;
      const line = buffer.slice(start, end);
      start = end + (buffer.charCodeAt(end) === CR && buffer.charCodeAt(end + 1) === LF ? 2 : 1);
      this.line(line);
    }
    this.buffer = start === 0 ? buffer : buffer.slice(start);
  }

  private line(line: string): void {
    if (line === '') {
      if (this.sawData) {
        const data = this.data.length === 1 ? (this.data[0] as string) : this.data.join('\n');
        const event = this.event || 'message';
        this.event = '';
        this.data = [];
        this.sawData = false;
        this.onEvent({ event, data });
      } else this.event = '';
      return;
    }
    if (line.charCodeAt(0) === 58 /* ':' a comment */) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') {
      this.data.push(value);
      this.sawData = true;
    }
  }
}

/** Parses a text/event-stream body (a fetch body or a Node response) into events, per the WHATWG event-stream rules. */
export async function* readSseEvents(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  const ready: SseEvent[] = [];
  const parser = new SseParser((event) => ready.push(event));
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    parser.feed(decoder.decode(chunk, { stream: true }));
    while (ready.length > 0) yield ready.shift() as SseEvent;
  }
}
