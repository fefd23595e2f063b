import { openAIContentError } from './content-parts.js';
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
import { type ResponsesFlavour, responses } from './openai-responses.js';
import { planOpenAITurn, streamToolCall, toolRefusal } from './openai-tools.js';
import { DEEPSEEK_SERVED, OPENAI_SERVED, XAI_SERVED } from './served-models.js';

/** Which OpenAI-compatible API the fake plays: they share the wire format, not their errors. */
export type OpenAIFlavour = 'openai' | 'xai' | 'deepseek';

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

// Each provider's answer to a model id it does not serve, as its API reference shows it.
const UNKNOWN_MODEL: Record<OpenAIFlavour, (model: string) => [number, unknown]> = {
  openai: (model) => [
    404,
    {
      error: {
        message: `The model \`${model}\` does not exist or you do not have access to it. ${RAW_BODY_MARKER}`,
        type: 'invalid_request_error',
        param: null,
        code: 'model_not_found',
      },
    },
  ],
  xai: (model) => [
    404,
    {
      code: 'Some requested entity was not found',
      error: `The model ${model} does not exist or your team does not have access to it. ${RAW_BODY_MARKER}`,
    },
  ],
  deepseek: () => [
    400,
    { error: { message: 'Model Not Exist', type: 'invalid_request_error', param: null, code: 'invalid_request_error' } },
  ],
};

const SERVED: Record<OpenAIFlavour, readonly string[]> = { openai: OPENAI_SERVED, xai: XAI_SERVED, deepseek: DEEPSEEK_SERVED };

// The sizes each image model accepts (OpenAI images API reference).
const IMAGE_SIZES: [RegExp, string[]][] = [
  [/^(gpt-image-|chatgpt-image-)/, ['auto', '1024x1024', '1536x1024', '1024x1536']],
  [/^dall-e-3$/, ['1024x1024', '1792x1024', '1024x1792']],
  [/^dall-e-2$/, ['256x256', '512x512', '1024x1024']],
];

/**
 * A fake of the OpenAI API (and of OpenAI-compatible ones: xAI, DeepSeek): GET /models, Chat
 * Completions with SSE chunks ending in [DONE] (with tool calls in each provider's form: openai-tools.ts), the
 * Responses API with its web search (OpenAI, xAI), and /images/generations answering b64_json. It
 * requires a bearer key and refuses models its provider does not serve. `prefix` is the path the
 * API lives under ('/v1' for OpenAI and xAI, '' for DeepSeek).
 */
export function startOpenAIFake(options: { prefix?: string; flavour?: OpenAIFlavour } = {}): Promise<FakeServer> {
  const prefix = options.prefix ?? '/v1';
  const flavour = options.flavour ?? 'openai';
  return startFakeServer(async (ctx) => {
    const { request, res } = ctx;
    if (!/^Bearer \S+/.test(request.headers.authorization ?? '')) {
      return sendJson(res, 401, {
        error: { message: "You didn't provide an API key.", type: 'invalid_request_error', param: null, code: null },
      });
    }
    if (request.method === 'GET' && request.path === `${prefix}/models`) {
      if (misbehave(ctx, ERRORS)) return;
      const created = Math.floor(Date.now() / 1000);
      const data = [...ctx.fake.served].map((id) => ({ id, object: 'model', created, owned_by: flavour }));
      return sendJson(res, 200, { object: 'list', data });
    }
    const isChat = request.method === 'POST' && request.path === `${prefix}/chat/completions`;
    const isResponses = flavour !== 'deepseek' && request.method === 'POST' && request.path === `${prefix}/responses`;
    const isImage = flavour === 'openai' && request.method === 'POST' && request.path === `${prefix}/images/generations`;
    if (!isChat && !isImage && !isResponses) {
      return sendJson(res, 404, { error: { message: 'Not found', type: 'invalid_request_error', code: null } });
    }
    const model = String((request.body as { model?: unknown })?.model ?? '');
    if (!ctx.fake.served.has(model)) {
      const [status, body] = UNKNOWN_MODEL[flavour](model);
      return sendJson(res, status, body);
    }
    if (isChat) return chat(ctx, model, flavour);
    if (isResponses) return responses(ctx, model, flavour as ResponsesFlavour);
    return image(ctx, model);
  }, SERVED[flavour]);
}

function image(ctx: FakeContext, model: string): unknown {
  const { res } = ctx;
  const body = ctx.request.body as { size?: string; response_format?: string };
  const invalid = (param: string, message: string) =>
    sendJson(res, 400, { error: { message, type: 'invalid_request_error', param, code: 'invalid_value' } });
  const sizes = IMAGE_SIZES.find(([pattern]) => pattern.test(model))?.[1] ?? [];
  if (body.size !== undefined && !sizes.includes(body.size)) {
    return invalid('size', `Invalid value: '${body.size}'. Supported values are: ${sizes.map((s) => `'${s}'`).join(', ')}.`);
  }
  if (body.response_format !== undefined && /^(gpt-image-|chatgpt-image-)/.test(model)) {
    return sendJson(res, 400, {
      error: {
        message: "Unknown parameter: 'response_format'.",
        type: 'invalid_request_error',
        param: 'response_format',
        code: 'unknown_parameter',
      },
    });
  }
  if (misbehave(ctx, ERRORS)) return;
  if (ctx.fake.behaviour === 'cut') return void res.socket?.destroy();
  sendJson(res, 200, {
    created: Math.floor(Date.now() / 1000),
    data: [
      {
        b64_json: (ctx.fake.behaviour === 'huge_image' ? HUGE_CLAIM_PNG : FAKE_PNG).toString('base64'),
        revised_prompt: 'A revised prompt',
      },
    ],
  });
}

// OpenAI's reasoning models (o-series, GPT-5 and later) refuse temperature and want max_completion_tokens.
const REASONING = /^(o\d|gpt-([5-9]|\d\d))/;

// The most output tokens a request may ask for, per the providers' model pages (checked 2026-11-27):
// developers.openai.com/api/docs/models (GPT-4o family 16,384; GPT-6 family 128,000) and
// api-docs.deepseek.com/quick_start/pricing (384K). xAI publishes no cap apart from the context window.
function outputCap(model: string, flavour: OpenAIFlavour): number | undefined {
  if (flavour === 'deepseek') return 393_216;
  if (flavour !== 'openai') return undefined;
  if (/^gpt-4o/.test(model)) return 16_384;
  if (/^gpt-6/.test(model)) return 128_000;
  return undefined;
}

// xAI's Grok 4.20 and 4.3 read images (docs.x.ai/developers/models); OpenAI's chat models all do.
const readsImages = (model: string, flavour: OpenAIFlavour) => flavour === 'openai' || (flavour === 'xai' && /^grok-4\.(3|20)/.test(model));

/** The 400 the Chat Completions API gives for a parameter it refuses, or null when the body is acceptable. */
function refusedParameter(body: Record<string, unknown>, model: string, flavour: OpenAIFlavour): string | null {
  const t = body.temperature;
  if (t !== undefined && (typeof t !== 'number' || t < 0 || t > 2)) return "Invalid 'temperature': must be a number between 0 and 2.";
  for (const key of ['max_tokens', 'max_completion_tokens']) {
    const v = body[key];
    if (v !== undefined && (!Number.isInteger(v) || (v as number) < 1)) return `Invalid '${key}': integer below minimum value.`;
    const cap = outputCap(model, flavour);
    if (v !== undefined && cap !== undefined && (v as number) > cap)
      return flavour === 'deepseek'
        ? `Invalid max_tokens value, the valid range of max_tokens is [1, ${cap}]`
        : `${key} is too large: ${v}. This model supports at most ${cap} completion tokens, whereas you provided ${v}.`;
  }
  if (flavour === 'openai' && REASONING.test(model)) {
    if (t !== undefined) return "Unsupported parameter: 'temperature' is not supported with this model.";
    if (body.max_tokens !== undefined)
      return "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.";
  }
  return null;
}

async function chat(ctx: FakeContext, model: string, flavour: OpenAIFlavour): Promise<void> {
  const refused = refusedParameter((ctx.request.body ?? {}) as Record<string, unknown>, model, flavour);
  if (refused) {
    return void sendJson(ctx.res, 400, {
      error: { message: refused, type: 'invalid_request_error', param: null, code: 'unsupported_parameter' },
    });
  }
  const messages = (ctx.request.body as { messages?: unknown })?.messages;
  const content = Array.isArray(messages) ? openAIContentError(messages, readsImages(model, flavour)) : "'messages' is a required property";
  if (content) {
    return void sendJson(ctx.res, 400, { error: { message: content, type: 'invalid_request_error', param: 'messages', code: null } });
  }
  const body = (ctx.request.body ?? {}) as Record<string, unknown>;
  const tools = toolRefusal(body, flavour);
  if (tools) return void sendJson(ctx.res, tools.status, tools.body);
  if (misbehave(ctx, ERRORS)) return;
  const { res } = ctx;
  const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model };
  // With tools (issue 40) the prompt may ask for a call; with tool results the answer quotes them.
  const plan = planOpenAITurn(body, ctx.fake.chunks);
  if (plan && 'call' in plan) return streamToolCall(ctx, base, plan.call, flavour);
  startSse(res);
  writeSse(res, JSON.stringify({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] }));
  const complete = await streamChunks(
    ctx,
    (content) => writeSse(res, JSON.stringify({ ...base, choices: [{ index: 0, delta: { content }, finish_reason: null }] })),
    plan?.text,
  );
  if (!complete) return;
  writeSse(res, JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
  writeSse(res, JSON.stringify({ ...base, choices: [], usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 } }));
  writeSse(res, '[DONE]');
  res.end();
}
