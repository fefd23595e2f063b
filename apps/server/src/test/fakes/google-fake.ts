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

const STATUS_NAMES: Record<number, string> = {
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
};

const ERRORS = {
  status: (status: number, key: string) => ({
    error: { code: status, message: `Request failed for key ${key}. ${RAW_BODY_MARKER}`, status: STATUS_NAMES[status] ?? 'UNKNOWN' },
  }),
  contentFilter: { error: { code: 400, message: `Blocked by safety settings. ${RAW_BODY_MARKER}`, status: 'INVALID_ARGUMENT' } },
};

/** A fake of the Gemini API: models/{id}:generateContent and :streamGenerateContent?alt=sse. */
export function startGoogleFake(): Promise<FakeServer> {
  return startFakeServer(async (ctx) => {
    const match = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(ctx.request.path);
    if (ctx.request.method !== 'POST' || !match) {
      return sendJson(ctx.res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
    }
    if (misbehave(ctx, ERRORS)) return;
    if (match[2] === 'generateContent') return sendJson(ctx.res, 200, response(ctx.fake.chunks.join(''), match[1], true));
    await stream(ctx, match[1]);
  });
}

async function stream(ctx: FakeContext, model: string): Promise<void> {
  startSse(ctx.res);
  const last = ctx.fake.chunks.length - 1;
  const complete = await streamChunks(ctx, (text, index) => writeSse(ctx.res, JSON.stringify(response(text, model, index === last))));
  if (complete) ctx.res.end();
}

function response(text: string, model: string, final: boolean) {
  return {
    candidates: [{ content: { parts: [{ text }], role: 'model' }, index: 0, ...(final ? { finishReason: 'STOP' } : {}) }],
    ...(final ? { usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 7, totalTokenCount: 12 } } : {}),
    modelVersion: model,
  };
}
