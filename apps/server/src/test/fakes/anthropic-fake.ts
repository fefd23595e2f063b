import { anthropicContentError } from './content-parts.js';
import {
  type FakeContext,
  type FakeServer,
  misbehave,
  RAW_BODY_MARKER,
  sendJson,
  startFakeServer,
  startSse,
  streamChunks,
  writeSse,
} from './fake-server.js';
import { ANTHROPIC_SERVED } from './served-models.js';

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
  500: 'api_error',
  503: 'overloaded_error',
  529: 'overloaded_error',
};

const errorBody = (status: number, message: string) => ({
  type: 'error',
  error: { type: ERROR_TYPES[status] ?? 'api_error', message },
  request_id: 'req_fake',
});

const ERRORS = {
  status: (status: number, key: string) => errorBody(status, `Error for key ${key}. ${RAW_BODY_MARKER}`),
  contentFilter: errorBody(400, `Output blocked by content filtering policy. ${RAW_BODY_MARKER}`),
};

/** The ids a model can be asked for by: every listed id, and a dated snapshot's alias without the date. */
function reachable(served: Set<string>): Set<string> {
  const ids = new Set(served);
  for (const id of served) {
    const alias = /^(.*)-\d{8}$/.exec(id)?.[1];
    if (alias) ids.add(alias);
  }
  return ids;
}

/**
 * A fake of Anthropic's API: GET /v1/models (paged, 20 by default) and the Messages API streaming
 * named SSE events. Like the real one it requires x-api-key, anthropic-version and max_tokens, and
 * answers an unknown model with 404 not_found_error; 'overloaded' sends `event: error` after a 200.
 */
export function startAnthropicFake(): Promise<FakeServer> {
  return startFakeServer(async (ctx) => {
    const { request, res } = ctx;
    if (!request.headers['x-api-key']) return sendJson(res, 401, errorBody(401, 'x-api-key header is required'));
    if (!request.headers['anthropic-version']) return sendJson(res, 400, errorBody(400, 'anthropic-version: header is required'));
    if (request.method === 'GET' && request.path === '/v1/models') return listModels(ctx);
    if (request.method !== 'POST' || request.path !== '/v1/messages') return sendJson(res, 404, errorBody(404, 'Not found'));
    const body = (request.body ?? {}) as { model?: unknown; max_tokens?: unknown; messages?: unknown };
    if (typeof body.max_tokens !== 'number') return sendJson(res, 400, errorBody(400, 'max_tokens: Field required'));
    if (!Array.isArray(body.messages) || body.messages.length === 0) return sendJson(res, 400, errorBody(400, 'messages: Field required'));
    // Output caps per platform.claude.com/docs/en/models (checked 2026-11-27): Claude 5.x 128K, Haiku 4.5 64K.
    const cap = /claude-haiku-4-5/.test(String(body.model))
      ? 64_000
      : /claude-(sonnet|opus|haiku|fable)-5/.test(String(body.model))
        ? 128_000
        : undefined;
    if (cap !== undefined && body.max_tokens > cap)
      return sendJson(
        res,
        400,
        errorBody(
          400,
          `max_tokens: ${body.max_tokens} > ${cap}, which is the maximum allowed number of output tokens for ${String(body.model)}`,
        ),
      );
    // The Messages API takes system text only as the top-level `system`, and temperature from 0 to 1.
    if (body.messages.some((m: { role?: unknown }) => m.role !== 'user' && m.role !== 'assistant'))
      return sendJson(res, 400, errorBody(400, 'messages: roles must be user or assistant; use the top-level system parameter'));
    const blocks = anthropicContentError(body.messages);
    if (blocks) return sendJson(res, 400, errorBody(400, blocks));
    const temperature = (body as { temperature?: unknown }).temperature;
    if (temperature !== undefined && /claude-(sonnet|opus|haiku|fable)-5|claude-opus-4-[78]/.test(String(body.model)))
      return sendJson(res, 400, errorBody(400, `temperature: is not supported for ${String(body.model)}`));
    if (temperature !== undefined && (typeof temperature !== 'number' || temperature < 0 || temperature > 1))
      return sendJson(res, 400, errorBody(400, 'temperature: Input should be less than or equal to 1'));
    const model = String(body.model ?? '');
    if (!reachable(ctx.fake.served).has(model)) return sendJson(res, 404, errorBody(404, `model: ${model}`));
    if (misbehave(ctx, ERRORS)) return;
    await stream(ctx, model);
  }, ANTHROPIC_SERVED);
}

function listModels(ctx: FakeContext): void {
  if (misbehave(ctx, ERRORS)) return;
  const ids = [...ctx.fake.served];
  const limit = Math.min(1000, Math.max(1, Number(ctx.request.query.get('limit') ?? 20) || 20));
  const after = ctx.request.query.get('after_id');
  const start = after ? ids.indexOf(after) + 1 : 0;
  const page = ids.slice(start, start + limit);
  sendJson(ctx.res, 200, {
    data: page.map((id) => ({ type: 'model', id, display_name: id, created_at: '2026-06-09T00:00:00Z' })),
    has_more: start + limit < ids.length,
    first_id: page[0] ?? null,
    last_id: page[page.length - 1] ?? null,
  });
}

async function stream(ctx: FakeContext, model: string): Promise<void> {
  const { res } = ctx;
  const send = (event: string, data: unknown) => writeSse(res, JSON.stringify({ type: event, ...(data as object) }), event);
  startSse(res);
  send('message_start', {
    message: {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 12, output_tokens: 1 },
    },
  });
  if (ctx.fake.behaviour === 'overloaded') {
    // Anthropic may fail after the 200 has gone out: the error arrives as an event.
    send('error', { error: { type: 'overloaded_error', message: 'Overloaded' } });
    return void res.end();
  }
  let index = 0;
  if (ctx.fake.behaviour === 'thinking') {
    // Extended thinking comes first, as its own content block, and may take a while.
    send('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } });
    send('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: 'Let me think about this.' } });
    await new Promise((resolve) => setTimeout(resolve, ctx.fake.slowMs));
    send('content_block_delta', { index, delta: { type: 'signature_delta', signature: 'c2lnbmF0dXJl' } });
    send('content_block_stop', { index });
    index++;
  }
  send('content_block_start', { index, content_block: { type: 'text', text: '' } });
  send('ping', {});
  const complete = await streamChunks(ctx, (text) => send('content_block_delta', { index, delta: { type: 'text_delta', text } }));
  if (!complete) return;
  send('content_block_stop', { index });
  send('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 15 } });
  send('message_stop', {});
  res.end();
}
