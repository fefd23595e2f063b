import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { DOCUMENTS_AS_TEXT, type DocumentForms } from './attachment-parts.js';
import { startDeadline } from './call-deadline.js';
import { PROVIDER_MESSAGES } from './provider-error.js';
import { splitSystem } from './sdk-text-stream.js';
import { SseParser } from './sse-events.js';
import { type ChatTurn, ProviderError, type TextGenerationRequest } from './types.js';

/*
 * The Chat Completions stream (OpenAI, and the OpenAI-compatible xAI and DeepSeek) carried without
 * the AI SDK's web-stream pipeline. The SDK still builds the request from the model's rules
 * (system or developer role, max_tokens or max_completion_tokens, attachments as image_url parts,
 * its headers) and still turns every failure status into its APICallError; only a 200's event
 * stream is read here, from a plain Node response. Measured on the relay bench's upstream (200
 * streams of 400 tokens at 50 tokens/s), the client's CPU per token: streamText 167–172 µs, the
 * SDK's own doStream 123–132 µs, this path ~50 µs. The SDK's pipeline alone (undici fetch body,
 * TextDecoderStream, EventSourceParserStream, a zod parse of every chunk, two TransformStreams and a
 * tee) costs more than the relay's whole per-token budget, so it is replaced here and nowhere else.
 */

/** Where a call's fetch leaves the streaming answer for the call to read. */
interface PendingBody {
  response?: IncomingMessage;
}

/** The part of an AI SDK language model this path drives: its doStream, given a standard prompt. */
export interface ChatCompletionsModel {
  doStream(options: {
    prompt: ProviderPrompt;
    abortSignal?: AbortSignal;
    temperature?: number;
    maxOutputTokens?: number;
  }): PromiseLike<{ stream: ReadableStream<unknown> }>;
}

type ProviderPrompt = Array<
  | { role: 'system'; content: string }
  | {
      role: 'user';
      content: Array<{ type: 'text'; text: string } | { type: 'file'; data: Uint8Array; mediaType: string; filename?: string }>;
    }
  | { role: 'assistant'; content: Array<{ type: 'text'; text: string }> }
>;

/**
 * Thrown by the fetch once a 2xx is in hand: the SDK passes it on untouched (its fetch-error handling
 * returns an AbortError as it is) and the call reads the body from the slot. One object made once:
 * a thrown object that already exists captures no stack, where answering the SDK with a bodiless
 * Response made it build two errors, each with its stack, for every chat.
 */
const TAKEN = Object.assign(new Error('the event stream is read outside the AI SDK'), { name: 'AbortError' });

/**
 * The fetch one call gives its OpenAI-format provider package. The streaming request is sent over
 * node:http; a 2xx leaves its response in `slot` and ends the SDK's call with TAKEN, before it
 * builds its web-stream pipeline over the body (about 15 web streams a chat, which this path would
 * only cancel). Anything else goes back to the SDK as it came, for its own error handling.
 */
function fetchInto(slot: PendingBody): typeof fetch {
  return async (input, init) => {
    if (init?.method !== 'POST' || typeof init.body !== 'string') return fetch(input, init);
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const response = await send(url, init);
    const status = response.statusCode ?? 0;
    if (status >= 200 && status < 300) {
      slot.response = response;
      throw TAKEN;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    return new Response(Buffer.concat(chunks), { status, statusText: response.statusMessage, headers });
  };
}

function send(url: URL, init: RequestInit): Promise<IncomingMessage> {
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = value;
  });
  headers['content-length'] = String(Buffer.byteLength(init.body as string));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, { method: 'POST', headers, signal: init.signal ?? undefined }, resolve);
    request.on('error', reject);
    request.end(init.body as string);
  });
}

/** How a provider's user turns are built: which documents go as files, and whether its text is sent as one part. */
export interface ChatCompletionsForm {
  /** Documents as text (default) or, where the API reads them, as files. */
  documents?: DocumentForms;
  /** Join a text-only turn's parts (documents, then the prompt) into one text, each apart from the next. */
  oneText?: boolean;
}

/** Streams a Chat Completions reply as text deltas, failures as ProviderError, like streamSdkText. */
export async function* streamChatCompletions(
  /** The provider package's chat model for this call, made with the fetch it is given. */
  modelWith: (fetch: typeof globalThis.fetch) => ChatCompletionsModel,
  request: TextGenerationRequest,
  timeoutMs: number,
  form: ChatCompletionsForm = {},
): AsyncGenerator<string> {
  const deadline = startDeadline(request.signal, timeoutMs, 'text');
  const slot: PendingBody = {};
  try {
    await modelWith(fetchInto(slot))
      .doStream({
        prompt: providerPrompt(request.messages, form),
        abortSignal: deadline.signal,
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        ...(request.maxOutputTokens !== undefined ? { maxOutputTokens: request.maxOutputTokens } : {}),
        ...(request.stopSequences?.length ? { stopSequences: request.stopSequences } : {}),
      })
      .then(
        ({ stream }) => void stream.cancel().catch(() => {}),
        // TAKEN is how a 2xx comes back: the reply is read from slot.response. Anything else is the call's own failure.
        (error: unknown) => {
          if (error !== TAKEN) throw error;
        },
      );
    const response = slot.response;
    if (!response) throw new Error('the provider answered without an event stream');
    yield* readChunks(response, request, deadline.touch);
    if (deadline.signal.aborted) throw new Error('aborted');
  } catch (error) {
    throw deadline.failure(error);
  } finally {
    slot.response?.destroy();
    deadline.dispose();
  }
}

interface CompletionChunk {
  error?: unknown;
  choices?: Array<{
    delta?: { content?: string | null; refusal?: string | null; reasoning_content?: string | null; reasoning?: string | null };
    finish_reason?: string | null;
  }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
}

/**
 * The reply's deltas from the response, read as it arrives: each read is parsed on the spot (events,
 * then chunks), and the text of every chunk it completed waits, joined, for the caller's next step.
 * One read is one step however many tokens it carried, and no promise or generator stands between a
 * read and its events: reading a Node response as an async iterable, then an event generator, cost
 * about a third of the relay's CPU per token.
 */
async function* readChunks(response: IncomingMessage, request: TextGenerationRequest, touch: () => void): AsyncGenerator<string> {
  let produced = false;
  let thinking = false;
  let finish: string | undefined;
  let done = false;
  // What the next step hands on: text (joined), or '' for "the model is thinking"; then a failure or the end.
  const pending: string[] = [];
  let failure: { error: unknown } | undefined;
  let ended = false;
  let wake: (() => void) | undefined;
  const fail = (error: unknown) => {
    failure ??= { error };
  };
  const parser = new SseParser((event) => {
    if (failure) return;
    if (event.data === '[DONE]') {
      done = true;
      return;
    }
    const chunk = JSON.parse(event.data) as CompletionChunk;
    if (event.event === 'error' || chunk.error) return fail(streamError(chunk.error ?? chunk));
    const choice = chunk.choices?.[0];
    const delta = choice?.delta;
    const content = delta?.content || delta?.refusal;
    if (content) {
      produced = true;
      const last = pending.length - 1;
      if (last >= 0 && pending[last] !== '') pending[last] += content;
      else pending.push(content);
    } else if ((delta?.reasoning_content || delta?.reasoning) && !produced && !thinking) {
      // A model that is thinking has started: an empty delta tells a waiting fallback so, and shows nothing.
      thinking = true;
      pending.push('');
    }
    if (choice?.finish_reason) finish = choice.finish_reason;
    if (chunk.usage) request.onUsage?.({ inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens });
  });
  const woken = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  response.setEncoding('utf8');
  response.on('data', (text: string) => {
    touch();
    try {
      parser.feed(text);
    } catch (error) {
      fail(error);
    }
    if (failure) response.destroy();
    woken();
  });
  response.on('end', () => {
    ended = true;
    woken();
  });
  response.on('error', (error) => {
    fail(error);
    woken();
  });
  response.on('close', () => {
    // Closed before its end without an error of its own (the request was destroyed): cut, not finished.
    if (!ended) fail(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    woken();
  });
  while (true) {
    while (pending.length > 0) yield pending.shift() as string;
    if (failure) throw failure.error;
    if (ended) break;
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  }
  // A body that ends without [DONE] or a finish reason was cut, not finished.
  if (!done && !finish) throw Object.assign(new Error('terminated: the event stream ended early'), { code: 'ECONNRESET' });
  if (finish === 'content_filter' && !produced) throw new ProviderError('content_filter', PROVIDER_MESSAGES.contentFilter);
}

// An error frame inside a 200: its HTTP-like code when it has one, its text for classification.
function streamError(frame: unknown): Error {
  const error = new Error(JSON.stringify(frame));
  const code = (frame as { code?: unknown } | null)?.code;
  const status = typeof code === 'number' ? code : typeof code === 'string' && /^\d{3}$/.test(code) ? Number(code) : undefined;
  return status !== undefined && status >= 400 && status < 600 ? Object.assign(error, { statusCode: status }) : error;
}

/** Our turns in the AI SDK's standard prompt form (what streamText would hand the model). */
function providerPrompt(turns: ChatTurn[], form: ChatCompletionsForm): ProviderPrompt {
  const { system, messages } = splitSystem(turns, form.documents ?? DOCUMENTS_AS_TEXT);
  const prompt: ProviderPrompt = system ? [{ role: 'system', content: system }] : [];
  for (const m of messages) {
    if (m.role === 'assistant') prompt.push({ role: 'assistant', content: [{ type: 'text', text: String(m.content) }] });
    if (m.role !== 'user') continue;
    const parts = typeof m.content === 'string' ? [{ type: 'text' as const, text: m.content }] : m.content;
    if (form.oneText && parts.every((part) => part.type === 'text')) {
      prompt.push({ role: 'user', content: [{ type: 'text', text: parts.map((part) => part.text).join('\n\n') }] });
      continue;
    }
    prompt.push({
      role: 'user',
      content: parts.map((part) =>
        part.type === 'text'
          ? { type: 'text', text: part.text }
          : part.type === 'image'
            ? { type: 'file', data: part.image as Uint8Array, mediaType: part.mediaType ?? 'image/*' }
            : { type: 'file', data: part.data as Uint8Array, mediaType: part.mediaType, filename: part.filename },
      ),
    });
  }
  return prompt;
}
