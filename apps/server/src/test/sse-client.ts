/** One server-sent event as a test reads it. */
export interface SseEvent {
  id: number | null;
  data: string;
}

/**
 * Reads an event stream over real HTTP; `stopAfter` cuts the connection after that many numbered
 * events (to test resuming), as a dropped network would.
 */
export async function readSse(
  url: string,
  options: { cookie: string; lastEventId?: number; stopAfter?: number; onEvent?: (event: SseEvent) => void },
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
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('id: ')) id = Number(line.slice(4));
          else if (line.startsWith('data: ')) data.push(line.slice(6));
        }
        if (!data.length) continue;
        events.push({ id, data: data.join('\n') });
        options.onEvent?.({ id, data: data.join('\n') });
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
