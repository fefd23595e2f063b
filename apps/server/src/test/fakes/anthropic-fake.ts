import { type FakeServer, misbehave, RAW_BODY_MARKER, sendJson, startFakeServer, startSse, streamChunks, writeSse } from './fake-server.js';

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

const ERRORS = {
  status: (status: number, key: string) => ({
    type: 'error',
    error: { type: ERROR_TYPES[status] ?? 'api_error', message: `Error for key ${key}. ${RAW_BODY_MARKER}` },
  }),
  contentFilter: {
    type: 'error',
    error: { type: 'invalid_request_error', message: `Output blocked by content filtering policy. ${RAW_BODY_MARKER}` },
  },
};

/** A fake of Anthropic's Messages API streaming named SSE events (message_start ... message_stop). */
export function startAnthropicFake(): Promise<FakeServer> {
  return startFakeServer(async (ctx) => {
    const { request, res } = ctx;
    if (request.method !== 'POST' || request.path !== '/v1/messages') {
      return sendJson(res, 404, { type: 'error', error: { type: 'not_found_error', message: 'Not found' } });
    }
    if (misbehave(ctx, ERRORS)) return;
    const model = (request.body as { model?: string })?.model ?? 'unknown';
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
    send('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    send('ping', {});
    const complete = await streamChunks(ctx, (text) => send('content_block_delta', { index: 0, delta: { type: 'text_delta', text } }));
    if (!complete) return;
    send('content_block_stop', { index: 0 });
    send('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 15 } });
    send('message_stop', {});
    res.end();
  });
}
