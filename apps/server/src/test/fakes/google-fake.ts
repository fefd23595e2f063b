import { googleContentError } from './content-parts.js';
import {
  type FakeContext,
  type FakeServer,
  RAW_BODY_MARKER,
  sendJson,
  startFakeServer,
  startSse,
  streamChunks,
  writeSse,
} from './fake-server.js';
import { GOOGLE_SERVED } from './served-models.js';

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

const errorBody = (code: number, message: string, details?: unknown[]) => ({
  error: { code, message, status: STATUS_NAMES[code] ?? 'UNKNOWN', ...(details ? { details } : {}) },
});

// Gemini frames its event stream with CRLF line ends.
const CRLF = '\r\n';

/**
 * A fake of the Gemini API: GET models (paged, names prefixed "models/"), and
 * models/{id}:generateContent and :streamGenerateContent?alt=sse. Like the real one it answers a
 * bad key with 400 API_KEY_INVALID, an unknown model with 404 NOT_FOUND, and safety blocks inside a
 * 200 body: 'safety' as promptFeedback.blockReason, 'content_filter' as finishReason SAFETY.
 */
export function startGoogleFake(): Promise<FakeServer> {
  return startFakeServer(async (ctx) => {
    const { request, res } = ctx;
    const key = request.headers['x-goog-api-key'] ?? request.query.get('key');
    if (!key) return sendJson(res, 403, errorBody(403, "Method doesn't allow unregistered callers. Please use an API key."));
    if (ctx.fake.behaviour === 401) {
      return sendJson(
        res,
        400,
        errorBody(400, `API key not valid. Please pass a valid API key. ${RAW_BODY_MARKER}`, [
          { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' },
        ]),
      );
    }
    if (typeof ctx.fake.behaviour === 'number') {
      return sendJson(res, ctx.fake.behaviour, errorBody(ctx.fake.behaviour, `Request failed. ${RAW_BODY_MARKER}`));
    }
    if (request.method === 'GET' && request.path === '/v1beta/models') return listModels(ctx);
    const match = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(request.path);
    if (request.method !== 'POST' || !match) return sendJson(res, 404, errorBody(404, 'Not found'));
    const model = match[1] as string;
    if (!ctx.fake.served.has(model)) {
      return sendJson(
        res,
        404,
        errorBody(
          404,
          `models/${model} is not found for API version v1beta, or is not supported for ${match[2]}. Call ListModels to see the list of available models and their supported methods.`,
        ),
      );
    }
    const contents = (request.body as { contents?: unknown })?.contents;
    if (!Array.isArray(contents) || contents.length === 0)
      return sendJson(res, 400, errorBody(400, '* GenerateContentRequest.contents: contents is not specified'));
    const parts = googleContentError(contents);
    if (parts) return sendJson(res, 400, errorBody(400, parts));
    // generateContent keeps parameters in generationConfig and system text in systemInstruction.
    const { generationConfig, systemInstruction, ...rest } = (request.body ?? {}) as Record<string, unknown>;
    const unknown = Object.keys(rest).filter((k) => !['contents', 'safetySettings', 'tools', 'toolConfig', 'cachedContent'].includes(k));
    if (unknown.length)
      return sendJson(res, 400, errorBody(400, `Invalid JSON payload received. Unknown name "${unknown[0]}": Cannot find field.`));
    const config = (generationConfig ?? {}) as { temperature?: unknown; maxOutputTokens?: unknown };
    if (config.temperature !== undefined && (typeof config.temperature !== 'number' || config.temperature < 0 || config.temperature > 2))
      return sendJson(res, 400, errorBody(400, 'generation_config.temperature must be between 0 and 2'));
    if (config.maxOutputTokens !== undefined && (!Number.isInteger(config.maxOutputTokens) || (config.maxOutputTokens as number) < 1))
      return sendJson(res, 400, errorBody(400, 'generation_config.max_output_tokens must be a positive integer'));
    // Gemini 2.5 and 3 write at most 65,536 tokens (ai.google.dev/gemini-api/docs/models, checked 2026-11-27).
    if (typeof config.maxOutputTokens === 'number' && config.maxOutputTokens > 65_536)
      return sendJson(
        res,
        400,
        errorBody(
          400,
          `Unable to submit request because it has a maxOutputTokens value of ${config.maxOutputTokens} but the supported range is from 1 (inclusive) to 65537 (exclusive). Update the value and try again.`,
        ),
      );
    if (systemInstruction !== undefined && !Array.isArray((systemInstruction as { parts?: unknown }).parts))
      return sendJson(res, 400, errorBody(400, 'system_instruction.parts is required'));
    if (ctx.fake.behaviour === 'hang') return;
    if (ctx.fake.behaviour === 'safety' || ctx.fake.behaviour === 'content_filter') {
      const blocked = ctx.fake.behaviour === 'safety' ? promptBlocked(model) : candidateBlocked(model);
      if (match[2] === 'generateContent') return sendJson(res, 200, blocked);
      startSse(res);
      writeSse(res, JSON.stringify(blocked), undefined, CRLF);
      return void res.end();
    }
    if (match[2] === 'generateContent') return sendJson(res, 200, response(ctx.fake.chunks.join(''), model, true));
    await stream(ctx, model);
  }, GOOGLE_SERVED);
}

// Pages of 50 by default, at most 1000, as the API reference says.
function listModels(ctx: FakeContext): void {
  const ids = [...ctx.fake.served];
  const pageSize = Math.min(1000, Math.max(1, Number(ctx.request.query.get('pageSize') ?? 50) || 50));
  const start = Number(ctx.request.query.get('pageToken') ?? 0) || 0;
  const page = ids.slice(start, start + pageSize);
  sendJson(ctx.res, 200, {
    models: page.map((id) => ({
      name: `models/${id}`,
      version: '001',
      displayName: id,
      supportedGenerationMethods: ['generateContent', 'countTokens'],
    })),
    ...(start + pageSize < ids.length ? { nextPageToken: String(start + pageSize) } : {}),
  });
}

async function stream(ctx: FakeContext, model: string): Promise<void> {
  startSse(ctx.res);
  const last = ctx.fake.chunks.length - 1;
  const complete = await streamChunks(ctx, (text, index) =>
    writeSse(ctx.res, JSON.stringify(response(text, model, index === last)), undefined, CRLF),
  );
  if (complete) ctx.res.end();
}

const SAFETY_RATINGS = [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true }];

function promptBlocked(model: string) {
  return {
    promptFeedback: { blockReason: 'SAFETY', safetyRatings: SAFETY_RATINGS },
    usageMetadata: { promptTokenCount: 5, totalTokenCount: 5 },
    modelVersion: model,
  };
}

function candidateBlocked(model: string) {
  return {
    candidates: [{ finishReason: 'SAFETY', index: 0, safetyRatings: SAFETY_RATINGS }],
    usageMetadata: { promptTokenCount: 5, totalTokenCount: 5 },
    modelVersion: model,
  };
}

function response(text: string, model: string, final: boolean) {
  return {
    candidates: [{ content: { parts: [{ text }], role: 'model' }, index: 0, ...(final ? { finishReason: 'STOP' } : {}) }],
    ...(final ? { usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 7, totalTokenCount: 12 } } : {}),
    modelVersion: model,
  };
}
