import { randomUUID } from 'node:crypto';
import {
  FAKE_PNG,
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

const TITLES: Record<number, string> = { 401: 'Unauthenticated', 429: 'Request was throttled.', 500: 'Internal server error' };

const ERRORS = {
  status: (status: number, key: string) => ({
    title: TITLES[status] ?? 'Error',
    detail: `Token ${key} refused. ${RAW_BODY_MARKER}`,
    status,
  }),
  contentFilter: { title: 'Input flagged', detail: `NSFW content detected by the safety checker. ${RAW_BODY_MARKER}`, status: 400 },
};

/**
 * A fake of Replicate's predictions API: POST /v1/models/{owner}/{name}/predictions (and
 * /v1/predictions with a version). With stream: true it answers a starting prediction whose
 * urls.stream serves output/done events; otherwise (Prefer: wait) a succeeded prediction whose
 * output links to an image the fake serves.
 */
export function startReplicateFake(): Promise<FakeServer> {
  return startFakeServer(async (ctx) => {
    const { request, res } = ctx;
    const modelMatch = /^\/v1\/models\/([^/]+\/[^/]+)\/predictions$/.exec(request.path);
    if (request.method === 'POST' && (modelMatch || request.path === '/v1/predictions')) {
      if (misbehave(ctx, ERRORS)) return;
      return createPrediction(ctx, modelMatch?.[1]);
    }
    if (request.method === 'GET' && request.path.startsWith('/v1/stream/')) return stream(ctx);
    if (request.method === 'GET' && request.path.startsWith('/files/')) {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': FAKE_PNG.length });
      return res.end(FAKE_PNG);
    }
    sendJson(res, 404, { title: 'Not found', detail: 'Not found', status: 404 });
  });
}

function createPrediction(ctx: FakeContext, model: string | undefined): void {
  const body = (ctx.request.body ?? {}) as { input?: unknown; stream?: boolean; version?: string };
  const id = randomUUID().replace(/-/g, '').slice(0, 26);
  const base = {
    id,
    model: model ?? 'versioned/model',
    version: body.version ?? 'hidden',
    input: body.input,
    logs: '',
    error: null,
    created_at: new Date().toISOString(),
    urls: {
      get: `${ctx.fake.url}/v1/predictions/${id}`,
      cancel: `${ctx.fake.url}/v1/predictions/${id}/cancel`,
      ...(body.stream ? { stream: `${ctx.fake.url}/v1/stream/${id}` } : {}),
    },
  };
  if (body.stream) {
    sendJson(ctx.res, 201, { ...base, status: 'starting', output: null });
    return;
  }
  if (ctx.fake.behaviour === 'cut') {
    ctx.res.socket?.destroy();
    return;
  }
  // flux-pro answers a single URL; the others a list of URLs.
  const url = `${ctx.fake.url}/files/${id}.png`;
  sendJson(ctx.res, 201, { ...base, status: 'succeeded', output: model === 'black-forest-labs/flux-pro' ? url : [url] });
}

async function stream(ctx: FakeContext): Promise<void> {
  startSse(ctx.res);
  const complete = await streamChunks(ctx, (text, index) => {
    ctx.res.write(`id: ${index + 1}\n`);
    writeSse(ctx.res, text, 'output');
  });
  if (!complete) return;
  writeSse(ctx.res, '{}', 'done');
  ctx.res.end();
}
