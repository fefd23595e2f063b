import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ModelEntry, TEXT_MODELS } from '@ensemble/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAIAdapter } from './openai-adapter.js';
import { PROVIDER_MESSAGES } from './provider-error.js';
import { ProviderError, type ProviderAdapter, type TokenUsage } from './types.js';
import { PROVIDER_DESCRIPTORS } from './descriptors.js';

/*
 * The Chat Completions stream as it arrives on a real socket: OpenAI's chunk objects (API reference,
 * "The chat completion chunk object"), framed as server-sent events and cut wherever TCP cuts them.
 * The server below answers like the API (bearer key required, `stream: true`, the chunks, [DONE]) and
 * writes each answer in pieces of a few bytes, so an event, a line ending or a UTF-8 character is
 * split across reads.
 */

interface Answer {
  /** The raw event-stream text. */
  body: string;
  /** Bytes per write; the socket is flushed between writes. */
  piece: number;
}

let server: Server;
let baseUrl: string;
let answer: Answer;
let lastBody: Record<string, unknown> = {};

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
};

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    lastBody = body;
    if (!/^Bearer \S+/.test(req.headers.authorization ?? '') || body.stream !== true) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({ error: { message: 'No key or not a stream', type: 'invalid_request_error', param: null, code: null } }),
      );
    }
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    res.flushHeaders();
    const bytes = Buffer.from(answer.body, 'utf8');
    for (let at = 0; at < bytes.length; at += answer.piece) {
      res.write(bytes.subarray(at, at + answer.piece));
      await new Promise((resolve) => setImmediate(resolve));
    }
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  lastBody = {};
});

const chunk = (delta: Record<string, unknown>, finish: string | null = null, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1764000000,
    model: 'gpt-4o-2024-08-06',
    system_fingerprint: 'fp_1',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...extra,
  });
const events = (datas: string[], newline = '\n') => datas.map((d) => `data: ${d}${newline}${newline}`).join('');
const usageChunk = JSON.stringify({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1764000000,
  model: 'gpt-4o',
  choices: [],
  usage: { prompt_tokens: 11, completion_tokens: 3, total_tokens: 14 },
});

const model = (id: string) => TEXT_MODELS.find((m) => m.id === id) as ModelEntry;

async function ask(adapter: ProviderAdapter, id: string, onUsage?: (u: TokenUsage) => void) {
  const m = model(id);
  const chunks: string[] = [];
  try {
    for await (const text of adapter.streamText({
      model: m,
      providerModelId: m.model_id ?? m.id,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Say hello' },
      ],
      signal: new AbortController().signal,
      temperature: 0.5,
      maxOutputTokens: 64,
      onUsage,
    }))
      chunks.push(text);
    return { chunks };
  } catch (error) {
    return { chunks, error };
  }
}

describe('Chat Completions stream read from the socket', () => {
  const openai = () => createOpenAIAdapter({ apiKey: 'sk-test', baseUrl: `${baseUrl}/v1`, textTimeoutMs: 30_000, imageTimeoutMs: 30_000 });

  it.each([1, 3, 7, 64])('keeps every character when the stream arrives %i bytes at a time, CRLF framed', async (piece) => {
    const words = ['Héllo', ' wörld', ' 👋🏽', ' — ', '日本語', ' done'];
    answer = {
      body: events(
        [chunk({ role: 'assistant', content: '' }), ...words.map((w) => chunk({ content: w })), chunk({}, 'stop'), usageChunk, '[DONE]'],
        '\r\n',
      ),
      piece,
    };
    const usage: TokenUsage[] = [];
    const { chunks, error } = await ask(openai(), 'gpt-4o', (u) => usage.push(u));
    expect(error).toBeUndefined();
    // Events read together are handed on as one delta; the text is the same either way.
    expect(chunks.join('')).toBe(words.join(''));
    expect(chunks.every((c) => c !== '')).toBe(true);
    expect(usage).toEqual([{ inputTokens: 11, outputTokens: 3 }]);
  });

  it('hands on the text of events that arrive in one read as one delta, not one step per token', async () => {
    const words = ['One', ' read', ' carries', ' many', ' tokens'];
    answer = { body: events([...words.map((w) => chunk({ content: w })), chunk({}, 'stop'), '[DONE]']), piece: 1 << 20 };
    const { chunks, error } = await ask(openai(), 'gpt-4o');
    expect(error).toBeUndefined();
    expect(chunks).toEqual([words.join('')]);
  });

  it('sends the request the SDK builds for the model: system turn, max_tokens, temperature, usage asked for', async () => {
    answer = { body: events([chunk({ content: 'Hi' }), chunk({}, 'stop'), '[DONE]']), piece: 1024 };
    await ask(openai(), 'gpt-4o');
    expect(lastBody).toMatchObject({
      model: 'gpt-4o',
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 64,
      temperature: 0.5,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Say hello' },
      ],
    });
  });

  it('reports a reply withheld by the content filter (finish_reason content_filter) with the content-policy message', async () => {
    answer = { body: events([chunk({ role: 'assistant', content: '' }), chunk({}, 'content_filter'), '[DONE]']), piece: 1024 };
    const { chunks, error } = await ask(openai(), 'gpt-4o');
    expect(chunks).toEqual([]);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('content_filter');
    expect((error as ProviderError).message).toBe(PROVIDER_MESSAGES.contentFilter);
  });

  it('fails on an error object inside the 200 after the text that came before it, without showing its text', async () => {
    const frame = JSON.stringify({
      error: { message: 'Rate limit reached for gpt-4o (secret detail)', type: 'requests', param: null, code: 'rate_limit_exceeded' },
    });
    answer = { body: events([chunk({ content: 'Partial' }), frame]), piece: 1024 };
    const { chunks, error } = await ask(openai(), 'gpt-4o');
    expect(chunks).toEqual(['Partial']);
    expect((error as ProviderError).kind).toBe('rate_limit');
    expect((error as ProviderError).message).toBe(PROVIDER_MESSAGES.rateLimit);
  });

  it('treats a body that ends cleanly but without a finish or [DONE] as a dropped connection', async () => {
    answer = { body: events([chunk({ content: 'Half' })]), piece: 1024 };
    const { chunks, error } = await ask(openai(), 'gpt-4o');
    expect(chunks).toEqual(['Half']);
    expect((error as ProviderError).kind).toBe('network');
  });

  it('DeepSeek: reasoning_content tells the caller the model is thinking (one empty delta), then the answer', async () => {
    const deepseek = PROVIDER_DESCRIPTORS.deepseek.create({ apiKey: 'sk-test', baseUrl, textTimeoutMs: 30_000, imageTimeoutMs: 30_000 });
    answer = {
      body: events([
        chunk({ role: 'assistant', content: null, reasoning_content: '' }),
        chunk({ content: null, reasoning_content: 'Let me think' }),
        chunk({ content: null, reasoning_content: ' more' }),
        chunk({ content: 'Answer' }),
        chunk({ content: '' }, 'stop'),
        '[DONE]',
      ]),
      piece: 5,
    };
    const { chunks, error } = await ask(deepseek, 'deepseek-chat');
    expect(error).toBeUndefined();
    expect(chunks).toEqual(['', 'Answer']);
  });
});
