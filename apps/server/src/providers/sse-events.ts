/** One server-sent event: its name (default 'message') and its data lines joined by newlines. */
export interface SseEvent {
  event: string;
  data: string;
}

/** Parses a text/event-stream body (a fetch body or a Node response) into events, per the WHATWG event-stream rules. */
export async function* readSseEvents(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let sawData = false;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline = buffer.search(/\r\n|\r|\n/);
    while (newline >= 0) {
      const line = buffer.slice(0, newline);
      // A lone \r at the end of a chunk may be half of \r\n; wait for the next chunk.
      if (buffer[newline] === '\r' && newline === buffer.length - 1) break;
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') {
        if (sawData) yield { event: event || 'message', data: data.join('\n') };
        event = '';
        data = [];
        sawData = false;
      } else if (!line.startsWith(':')) {
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') event = value;
        else if (field === 'data') {
          data.push(value);
          sawData = true;
        }
      }
      newline = buffer.search(/\r\n|\r|\n/);
    }
  }
}
