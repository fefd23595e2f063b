import { randomBytes } from 'node:crypto';
import { type ChatResponse, type ModelEntry, type ReplyFigures, STREAM_DONE, type StreamEvent, outputTokenLimit } from '@ensemble/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChatDeps } from '../chat/service.js';
import { startChat } from '../chat/service.js';
import { EVENT_STREAM_HEADERS, type HubEvent } from '../chat/stream-hub.js';
import type { Identity } from '../session/service.js';
import { type ChatCompletionRequest, assertSupported, stopSequences, toTurns } from './chat-completion-request.js';
import { modelNotFound } from './openai-errors.js';

type Usage = { prompt_tokens: number; completion_tokens: number; total_tokens: number };

const usageOf = (figures: Partial<ReplyFigures> | undefined): Usage => {
  const prompt = figures?.tokens_in ?? 0;
  const completion = figures?.tokens_out ?? 0;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
};

// A reply that used the whole output cap was cut by it.
const finishReason = (maxTokens: number | null, figures: Partial<ReplyFigures> | undefined): 'stop' | 'length' =>
  maxTokens !== null && (figures?.tokens_out ?? 0) >= maxTokens ? 'length' : 'stop';

/**
 * Checks a chat completion call and starts it as the chat starts a reply without a thread: the same model rows and
 * fallbacks, the same charge (naming the key), refunds, guardrails and admission. Throws OpenAI's errors: 404 for an
 * unknown or image row, 400 for what we do not support.
 */
export async function startCompletion(deps: ChatDeps, who: Identity, body: ChatCompletionRequest) {
  assertSupported(body as Record<string, unknown>);
  await deps.catalogue.refresh();
  const model = deps.catalogue.find(body.model);
  if (!model || model.type === 'image') throw modelNotFound(body.model);
  const { turns, images } = toTurns(body.messages, model);
  const asked = body.max_completion_tokens ?? body.max_tokens ?? null;
  const maxOutputTokens = asked === null ? null : Math.min(asked, outputTokenLimit(model));
  const params = { temperature: body.temperature ?? null, maxOutputTokens, stopSequences: stopSequences(body.stop) };
  const answer = await startChat(deps, Promise.resolve(who), {
    model: model.id,
    messages: [],
    stream: body.stream === true,
    api: { turns, params, images },
  });
  return { model, answer, maxOutputTokens };
}

/** The whole completion as OpenAI's chat.completion object. */
export function completionObject(model: ModelEntry, answer: ChatResponse, maxTokens: number | null) {
  const figures = answer.data.metadata as Partial<ReplyFigures> | undefined;
  return {
    id: `chatcmpl-${randomBytes(12).toString('hex')}`,
    object: 'chat.completion' as const,
    created: Math.floor(Date.now() / 1000),
    model: model.id,
    choices: [
      {
        index: 0,
        message: { role: 'assistant' as const, content: answer.data.content, refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: finishReason(maxTokens, figures),
      },
    ],
    usage: usageOf(figures),
  };
}

/**
 * Relays a started reply's events as OpenAI's chat.completion.chunk stream: a first chunk with the role, one per
 * delta, a last one with the finish reason, the usage chunk when asked for, then [DONE]. A failure after the start
 * is sent as an `error` event (which OpenAI's clients raise) and ends the stream. A client that leaves stops the reply
 * (its text so far stays charged, as Stop leaves it).
 */
export async function relayCompletion(
  deps: ChatDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  started: { model: ModelEntry; answer: ChatResponse; maxOutputTokens: number | null },
  includeUsage: boolean,
): Promise<void> {
  const { model, answer, maxOutputTokens } = started;
  const streamId = answer.data.stream_id;
  const id = `chatcmpl-${streamId ?? randomBytes(12).toString('hex')}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model: model.id,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(includeUsage ? { usage: null } : {}),
  });
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, { ...EVENT_STREAM_HEADERS, ...corsHeaders(reply) });
  const send = (data: unknown) => res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  send(chunk({ role: 'assistant', content: '', refusal: null }, null));
  let figures: Partial<ReplyFigures> | undefined;
  const finish = (failure: string | null) => {
    if (res.writableEnded) return;
    if (failure) {
      send({ error: { message: failure, type: 'server_error', param: null, code: 'upstream_error' } });
    } else {
      send(chunk({}, finishReason(maxOutputTokens, figures)));
      if (includeUsage) send({ ...chunk({}, null), choices: [], usage: usageOf(figures) });
      send(STREAM_DONE);
    }
    res.end();
  };
  if (!streamId) {
    // A row that does not stream answered whole.
    figures = answer.data.metadata as Partial<ReplyFigures> | undefined;
    if (answer.data.content) send(chunk({ content: answer.data.content }, null));
    return finish(null);
  }
  let ended = false;
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
  let unsubscribe: (() => void) | null = null;
  const close = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe?.();
  };
  res.on('close', () => {
    // Gone before the end: the reply stops (as Stop stops it) rather than spending for no one.
    if (!ended) deps.streams.requestStop(streamId).catch((error) => request.log.warn({ err: error }, 'stopping an API reply failed'));
    close();
  });
  let failure: string | null = null;
  const deliver = (event: HubEvent | null) => {
    if (ended) return;
    if (event === null || event.data === STREAM_DONE) {
      close();
      return finish(failure);
    }
    const e = JSON.parse(event.data) as StreamEvent;
    if ('content' in e) send(chunk({ content: e.content }, null));
    else if ('error' in e) failure = e.error;
    else if ('type' in e && e.type === 'figures') figures = e.figures;
  };
  unsubscribe = await deps.streams.hub.attach(streamId, { seq: 0, offset: 0 }, deliver);
  if (!unsubscribe && !ended) {
    close();
    finish('The reply could not be followed. Please try again.');
  }
}

/** The CORS headers a hijacked answer must set itself (the hooks that add them do not run for it). */
function corsHeaders(reply: FastifyReply): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['access-control-allow-origin', 'access-control-expose-headers', 'vary']) {
    const value = reply.getHeader(name);
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}
