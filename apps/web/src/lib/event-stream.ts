import { MESSAGES, type ReplyFigures, STREAM_DONE, type StreamEvent, TIMEOUTS } from '@ensemble/shared';
import { sleep } from './sleep';
import { noteServerMessage } from '@/i18n/server-messages';

/** One content delta of a reply. */
export interface StreamDelta {
  content: string;
  messageId: number | null;
  format: string;
}

/** A stream that ended with the server's error event; not retried. */
export class StreamError extends Error {
  constructor(
    message: string,
    readonly creditsExhausted = false,
    /** The HTTP status when the server refused the attach (404: the stream is gone). */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'StreamError';
  }
}

/** The tool events of a reply's stream (issue 40). */
export type ToolStreamEvent = Extract<StreamEvent, { type: 'tool_call' | 'tool_result' | 'step' }>;

/** A fallback row answers instead of the chosen one: the note to show and what the reply costs. */
export interface StreamFallback {
  note: string;
  answeredBy: string;
  cost: number;
}

export interface ReadStreamOptions {
  signal?: AbortSignal;
  onDelta?: (delta: StreamDelta, contentSoFar: string) => void;
  onFallback?: (fallback: StreamFallback) => void;
  /** The reply's cost and timing, sent just before its end. */
  onFigures?: (figures: ReplyFigures) => void;
  /** The reply's web search ran this query (issue 38). */
  onSearch?: (query: string) => void;
  /** The pages the search gave the model, numbered as the reply cites them; Google's search suggestions (HTML) if any. */
  onSources?: (sources: { url: string; title: string }[], suggestions?: string) => void;
  /** A tool step of the reply (issue 40): a call, its result, or a further model step starting. */
  onTool?: (event: ToolStreamEvent) => void;
  retries?: number;
  /** Wait before retry n is n times this (1 s, 2 s, 3 s). */
  retryBaseMs?: number;
}

interface SseBlock {
  id: string | null;
  data: string;
}

function parseBlock(block: string): SseBlock | null {
  let id: string | null = null;
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line.startsWith('id:')) id = line.slice(3).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  return data.length ? { id, data: data.join('\n') } : null;
}

/**
 * Reads a chat event stream to its [DONE], appending content deltas (a rewind cuts the text back
 * to what the server saved). A dropped connection is retried up to 3 times (1 s, 2 s, 3 s) and
 * resumes after the last event id, so nothing is lost or doubled; then it fails with 'Connection
 * failed after 3 retries'. An error event ends it.
 */
export async function readChatStream(
  url: string,
  options: ReadStreamOptions = {},
): Promise<{ content: string; messageId: number | null; fallback?: StreamFallback }> {
  const retries = options.retries ?? TIMEOUTS.streamRetries;
  const base = options.retryBaseMs ?? TIMEOUTS.streamRetryBaseMs;
  let content = '';
  let messageId: number | null = null;
  let lastId: string | null = null;
  let failures = 0;
  let fallback: StreamFallback | undefined;

  for (;;) {
    let progressed = false;
    try {
      const headers: Record<string, string> = { Accept: 'text/event-stream' };
      if (lastId) headers['Last-Event-ID'] = lastId;
      const res = await fetch(url, { headers, credentials: 'include', cache: 'no-store', signal: options.signal });
      if (!res.ok) {
        let message: string = MESSAGES.initStreamFailed;
        try {
          const body = (await res.json()) as { message?: string };
          if (body.message) message = body.message;
        } catch {
          // not JSON: keep the generic text
        }
        // The stream is gone or not ours: retrying cannot help.
        if (res.status >= 400 && res.status < 500) throw new StreamError(message, false, res.status);
        throw new Error(message);
      }
      if (!res.body) throw new StreamError(MESSAGES.invalidStream);
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.search(/\r?\n\r?\n/);
        while (cut >= 0) {
          const sep = buffer.slice(cut).match(/^\r?\n\r?\n/)?.[0].length ?? 2;
          const block = parseBlock(buffer.slice(0, cut));
          buffer = buffer.slice(cut + sep);
          cut = buffer.search(/\r?\n\r?\n/);
          if (!block) continue;
          if (block.id) lastId = block.id;
          progressed = true;
          if (block.data === STREAM_DONE) return { content, messageId, ...(fallback ? { fallback } : {}) };
          let event: {
            type?: string;
            content?: string;
            message_id?: number | null;
            format?: string;
            error?: string;
            message_code?: string;
            params?: Record<string, string | number>;
            message?: string;
            note?: string;
            answered_by?: string;
            cost?: number;
            figures?: ReplyFigures;
            offset?: number;
            query?: string;
            sources?: unknown;
            suggestions?: unknown;
            call_id?: unknown;
          };
          try {
            event = JSON.parse(block.data);
          } catch {
            throw new StreamError(MESSAGES.invalidStream);
          }
          if (event.type === 'connection_established') continue;
          if (event.type === 'fallback' && typeof event.note === 'string') {
            fallback = { note: event.note, answeredBy: event.answered_by ?? '', cost: event.cost ?? 0 };
            options.onFallback?.(fallback);
            continue;
          }
          if (event.type === 'figures' && event.figures) {
            options.onFigures?.(event.figures);
            continue;
          }
          if (event.type === 'search' && typeof event.query === 'string') {
            options.onSearch?.(event.query);
            continue;
          }
          if (event.type === 'sources' && Array.isArray(event.sources)) {
            options.onSources?.(sourcesOf(event.sources), typeof event.suggestions === 'string' ? event.suggestions : undefined);
            continue;
          }
          if (event.type === 'tool_call' || event.type === 'tool_result' || event.type === 'step') {
            options.onTool?.(event as ToolStreamEvent);
            continue;
          }
          // Text sent before the server died but never saved goes: the reader keeps what was saved.
          if (event.type === 'rewind' && typeof event.offset === 'number') {
            if (event.offset < content.length) {
              content = content.slice(0, event.offset);
              options.onDelta?.({ content: '', messageId, format: 'markdown' }, content);
            }
            continue;
          }
          if (event.type === 'credits_exhausted')
            throw new StreamError(`CREDITS_EXHAUSTED: ${event.message ?? MESSAGES.creditsExhaustedUser}`, true);
          if (typeof event.error === 'string') {
            // One of the spec's messages says which: shown in the reader's language wherever the error is shown.
            if (event.error) noteServerMessage(event.error, event);
            throw new StreamError(event.error || MESSAGES.generateFailed);
          }
          if (typeof event.content === 'string') {
            content += event.content;
            messageId = event.message_id ?? messageId;
            options.onDelta?.({ content: event.content, messageId, format: event.format ?? 'markdown' }, content);
          }
        }
      }
      throw new Error('stream closed before [DONE]');
    } catch (error) {
      if (error instanceof StreamError) throw error;
      if (options.signal?.aborted) throw error;
      if (progressed) failures = 0;
      failures++;
      if (failures > retries) throw new StreamError(MESSAGES.connectionFailedRetries);
      await sleep(base * failures, options.signal);
    }
  }
}

/** The URL a stream is read from. */
export function chatStreamUrl(streamId: string, model: string, messageId?: number | null): string {
  const url = `/api/messages/chat.php?stream=true&model=${encodeURIComponent(model)}&stream_id=${encodeURIComponent(streamId)}`;
  // A thread reply's id: a reconnect that comes after the stream is gone is answered from the saved reply.
  return messageId ? `${url}&message_id=${messageId}` : url;
}

/** The sources a stream names: each with a string URL (http(s), or a path of this site) and title; anything else is dropped. */
function sourcesOf(list: unknown[]): { url: string; title: string }[] {
  return list.flatMap((s) => {
    const { url, title } = (s ?? {}) as { url?: unknown; title?: unknown };
    if (typeof url !== 'string' || typeof title !== 'string' || !/^(https?:\/\/|\/(?!\/))/i.test(url)) return [];
    return [{ url, title }];
  });
}
