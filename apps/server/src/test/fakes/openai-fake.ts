import {
  FAKE_PNG,
  HUGE_CLAIM_PNG,
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

const ERRORS = {
  status(status: number, key: string) {
    const [type, code, message] =
      status === 401
        ? ['invalid_request_error', 'invalid_api_key', `Incorrect API key provided: ${key}.`]
        : status === 429
          ? ['requests', 'rate_limit_exceeded', 'Rate limit reached for requests per min.']
          : ['server_error', null, 'The server had an error while processing your request.'];
    return { error: { message: `${message} ${RAW_BODY_MARKER}`, type, param: null, code } };
  },
  contentFilter: {
    error: {
      message: `Your request was rejected as a result of our safety system. ${RAW_BODY_MARKER}`,
      type: 'invalid_request_error',
      param: null,
      code: 'content_policy_violation',
    },
  },
};

/**
 * A fake of the OpenAI API (and of OpenAI-compatible ones: xAI, DeepSeek): Chat Completions with
 * SSE chunks ending in [DONE], and /images/generations answering b64_json. `prefix` is the path
 * the API lives under ('/v1' for OpenAI and xAI, '' for DeepSeek).
 */
export function startOpenAIFake(options: { prefix?: string } = {}): Promise<FakeServer> {
  const prefix = options.prefix ?? '/v1';
  return startFakeServer(async (ctx) => {
    const { request, res } = ctx;
    if (request.method === 'POST' && request.path === `${prefix}/chat/completions`) return chat(ctx);
    if (request.method === 'POST' && request.path === `${prefix}/images/generations`) {
      if (misbehave(ctx, ERRORS)) return;
      if (ctx.fake.behaviour === 'cut') return res.socket?.destroy();
      return sendJson(res, 200, {
        created: Math.floor(Date.now() / 1000),
        data: [
          {
            b64_json: (ctx.fake.behaviour === 'huge_image' ? HUGE_CLAIM_PNG : FAKE_PNG).toString('base64'),
            revised_prompt: 'A revised prompt',
          },
        ],
      });
    }
    sendJson(res, 404, { error: { message: 'Not found', type: 'invalid_request_error', code: null } });
  });
}

async function chat(ctx: FakeContext): Promise<void> {
  if (misbehave(ctx, ERRORS)) return;
  const { res } = ctx;
  const model = (ctx.request.body as { model?: string })?.model ?? 'unknown';
  const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model };
  startSse(res);
  writeSse(res, JSON.stringify({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] }));
  const complete = await streamChunks(ctx, (content) =>
    writeSse(res, JSON.stringify({ ...base, choices: [{ index: 0, delta: { content }, finish_reason: null }] })),
  );
  if (!complete) return;
  writeSse(res, JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
  writeSse(res, JSON.stringify({ ...base, choices: [], usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 } }));
  writeSse(res, '[DONE]');
  res.end();
}
