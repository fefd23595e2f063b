import type { TestClient } from './app-factory.js';
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

/** The text of the content events among `events`, in order. */
export const contentOf = (events: SseEvent[]): string[] =>
  events.filter((e) => e.id !== null && e.data.startsWith('{"content"')).map((e) => JSON.parse(e.data).content as string);

/**
 * The reply text a reader holds after `events`, as a client builds it: content events append, a
 * rewind drops what the reader holds beyond its offset (text never saved before its server died).
 */
export function replyTextOf(events: SseEvent[]): string {
  let text = '';
  for (const e of events) {
    if (e.id === null || !e.data.startsWith('{')) continue;
    const event = JSON.parse(e.data) as { content?: unknown; type?: unknown; offset?: unknown };
    if (typeof event.content === 'string') text += event.content;
    else if (event.type === 'rewind' && typeof event.offset === 'number') text = text.slice(0, event.offset);
  }
  return text;
}

/** The cookie header of a test client, for requests made over real HTTP. */
export const cookieOf = (c: TestClient): string => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** Starts a streamed gpt-4o reply to `prompt` in a new thread of `c`. */
export async function startThreadReply(c: TestClient, prompt: string) {
  const thread = await c.post('/api/threads/create_thread.php', { title: 'New Thread' });
  const post = await c.post('/api/messages/chat.php', {
    thread_id: thread.data.thread_id,
    model: 'gpt-4o',
    stream: true,
    messages: [{ content: prompt, role: 'user' }],
  });
  if (post.statusCode !== 200) throw new Error(`the chat was refused: ${post.statusCode} ${post.body}`);
  return {
    cookie: cookieOf(c),
    streamId: post.data.data.stream_id as string,
    messageId: post.data.data.message_id as number,
    threadId: thread.data.thread_id as number,
  };
}

/** The JSON events of a whole event-stream body (its `data:` lines), [DONE] left out. */
export function dataEvents(body: string): Record<string, unknown>[] {
  return body
    .split('\n\n')
    .map((block) =>
      block
        .split('\n')
        .find((line) => line.startsWith('data: '))
        ?.slice(6),
    )
    .filter((data): data is string => Boolean(data) && data !== '[DONE]')
    .map((data) => JSON.parse(data) as Record<string, unknown>);
}
