import { MESSAGES } from '@ensemble/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StreamError, readChatStream } from './event-stream';

/** A fake network: each call to fetch answers with the next scripted body (or failure). */
function scriptFetch(script: Array<{ status?: number; chunks?: string[]; cutAfter?: boolean; json?: unknown } | 'network-error'>) {
  const calls: Array<Record<string, string>> = [];
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    calls.push({ ...(init.headers as Record<string, string>) });
    const step = script.shift();
    if (!step || step === 'network-error') throw new TypeError('Failed to fetch');
    if (step.json !== undefined)
      return new Response(JSON.stringify(step.json), { status: step.status ?? 200, headers: { 'content-type': 'application/json' } });
    const encoder = new TextEncoder();
    const chunks = [...(step.chunks ?? [])];
    // Delivers every chunk first, then closes, or fails as a dropped connection would.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next !== undefined) controller.enqueue(encoder.encode(next));
        else if (step.cutAfter) controller.error(new TypeError('network error'));
        else controller.close();
      },
    });
    return new Response(body, { status: step.status ?? 200, headers: { 'content-type': 'text/event-stream' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const ev = (id: number, content: string) => `id: ${id}\ndata: ${JSON.stringify({ content, message_id: 9, format: 'markdown' })}\n\n`;
const hello = `data: ${JSON.stringify({ type: 'connection_established' })}\n\n`;

afterEach(() => vi.unstubAllGlobals());

describe('readChatStream', () => {
  it('appends content deltas and finishes on [DONE]', async () => {
    scriptFetch([{ chunks: [hello, ev(1, 'Hel'), ev(2, 'lo'), 'id: 3\ndata: [DONE]\n\n'] }]);
    const seen: string[] = [];
    const out = await readChatStream('/s', { onDelta: (_d, so) => seen.push(so), retryBaseMs: 1 });
    expect(out).toEqual({ content: 'Hello', messageId: 9 });
    expect(seen).toEqual(['Hel', 'Hello']);
  });

  it('reports a fallback event and returns it with the content', async () => {
    const note = 'Answered by GPT-6 Luna because GPT-4o was unavailable';
    const fallbackEvent = `data: ${JSON.stringify({ type: 'fallback', answered_by: 'gpt-6-luna', note, cost: 1 })}\n\n`;
    scriptFetch([{ chunks: [hello, fallbackEvent, ev(1, 'Hi'), 'id: 2\ndata: [DONE]\n\n'] }]);
    const seen: string[] = [];
    const out = await readChatStream('/s', { onFallback: (f) => seen.push(f.note), retryBaseMs: 1 });
    expect(seen).toEqual([note]);
    expect(out).toEqual({ content: 'Hi', messageId: 9, fallback: { note, answeredBy: 'gpt-6-luna', cost: 1 } });
  });

  it('resumes after the last event id when the connection drops, with nothing doubled', async () => {
    const calls = scriptFetch([
      { chunks: [hello, ev(1, 'a'), ev(2, 'b')], cutAfter: true },
      'network-error',
      { chunks: [hello, ev(3, 'c'), 'id: 4\ndata: [DONE]\n\n'] },
    ]);
    const out = await readChatStream('/s', { retryBaseMs: 1 });
    expect(out.content).toBe('abc');
    expect(calls.map((h) => h['Last-Event-ID'])).toEqual([undefined, '2', '2']);
  });

  it('drops the text a rewind says was never saved, before the error of an interrupted reply', async () => {
    const stopped = MESSAGES.generatorStopped;
    const calls = scriptFetch([
      {
        chunks: [hello, ev(1, 'Long '), 'id: 2-17\ndata: {"content":"Detailed and","message_id":9,"format":"markdown"}\n\n'],
        cutAfter: true,
      },
      {
        chunks: [
          hello,
          `id: 3-13\ndata: ${JSON.stringify({ type: 'rewind', offset: 13 })}\n\n`,
          `id: 4-13\ndata: ${JSON.stringify({ error: stopped })}\n\n`,
        ],
      },
    ]);
    const seen: string[] = [];
    await expect(readChatStream('/s', { onDelta: (_d, soFar) => seen.push(soFar), retryBaseMs: 1 })).rejects.toThrow(stopped);
    expect(seen).toEqual(['Long ', 'Long Detailed and', 'Long Detailed']);
    expect(calls.map((h) => h['Last-Event-ID'])).toEqual([undefined, '2-17']);
  });

  it("fails with 'Connection failed after 3 retries' after three failed retries", async () => {
    scriptFetch(['network-error', 'network-error', 'network-error', 'network-error']);
    await expect(readChatStream('/s', { retryBaseMs: 1 })).rejects.toThrow('Connection failed after 3 retries');
  });

  it('ends with the error event text and does not retry it', async () => {
    const calls = scriptFetch([
      {
        chunks: [hello, `id: 1\ndata: ${JSON.stringify({ error: 'Rate limit exceeded. Please wait a moment before trying again.' })}\n\n`],
      },
    ]);
    await expect(readChatStream('/s', { retryBaseMs: 1 })).rejects.toThrow(
      'Rate limit exceeded. Please wait a moment before trying again.',
    );
    expect(calls).toHaveLength(1);
  });

  it('raises a CREDITS_EXHAUSTED error for a credits event', async () => {
    scriptFetch([
      {
        chunks: [
          `id: 1\ndata: ${JSON.stringify({ type: 'credits_exhausted', message: 'Anonymous credits depleted. Sign up now to get 100 free credits!' })}\n\n`,
        ],
      },
    ]);
    const error = await readChatStream('/s', { retryBaseMs: 1 }).catch((e) => e);
    expect(error).toBeInstanceOf(StreamError);
    expect(error.creditsExhausted).toBe(true);
    expect(error.message).toBe('CREDITS_EXHAUSTED: Anonymous credits depleted. Sign up now to get 100 free credits!');
  });

  it("gives the server's message for a refused stream without retrying", async () => {
    const calls = scriptFetch([{ status: 403, json: { status: 'error', message: 'You do not have access to this stream' } }]);
    await expect(readChatStream('/s', { retryBaseMs: 1 })).rejects.toThrow('You do not have access to this stream');
    expect(calls).toHaveLength(1);
  });
});
