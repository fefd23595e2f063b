/** One server-sent event as a test reads it. */
export interface SseEvent {
  /** The event's number (the first part of its id). */
  id: number | null;
  /** The whole id as sent ("seq-offset"), for Last-Event-ID. */
  eventId: string | null;
  data: string;
}

/**
 * Reads an event stream over real HTTP; `stopAfter` cuts the connection after that many numbered
 * events (to test resuming), as a dropped network would.
 */
export async function readSse(
  url: string,
  options: { cookie: string; lastEventId?: number | string; stopAfter?: number; onEvent?: (event: SseEvent) => void },
): Promise<{ status: number; events: SseEvent[]; ended: 'done' | 'cut' | 'closed' }> {
  const controller = new AbortController();
  const headers: Record<string, string> = { cookie: options.cookie, accept: 'text/event-stream' };
  if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
  const res = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  if (!res.ok || !res.body) return { status: res.status, events, ended: 'closed' };
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let numbered = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return { status: res.status, events, ended: 'closed' };
      buffer += decoder.decode(value, { stream: true });
      for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let id: number | null = null;
        let eventId: string | null = null;
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('id: ')) {
            eventId = line.slice(4);
            id = Number(eventId.split('-')[0]);
          } else if (line.startsWith('data: ')) data.push(line.slice(6));
        }
        if (!data.length) continue;
        events.push({ id, eventId, data: data.join('\n') });
        options.onEvent?.({ id, eventId, data: data.join('\n') });
        if (data.join('\n') === '[DONE]') {
          controller.abort();
          return { status: res.status, events, ended: 'done' };
        }
        if (id !== null && options.stopAfter !== undefined && ++numbered >= options.stopAfter) {
          controller.abort();
          return { status: res.status, events, ended: 'cut' };
        }
      }
    }
  } catch (error) {
    if ((error as Error).name === 'AbortError') return { status: res.status, events, ended: 'cut' };
    throw error;
  }
}
