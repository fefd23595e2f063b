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
import { REPLICATE_SERVED } from './served-models.js';

const TITLES: Record<number, string> = { 401: 'Unauthenticated', 429: 'Request was throttled.', 500: 'Internal server error' };

const ERRORS = {
  status: (status: number, key: string) => ({
    title: TITLES[status] ?? 'Error',
    detail: `Token ${key} refused. ${RAW_BODY_MARKER}`,
    status,
  }),
  contentFilter: { title: 'Input flagged', detail: `NSFW content detected by the safety checker. ${RAW_BODY_MARKER}`, status: 400 },
};

const NOT_FOUND = { title: 'Not found', detail: 'The requested resource could not be found.', status: 404 };
const ASPECT_RATIOS = ['1:1', '16:9', '21:9', '3:2', '2:3', '4:5', '5:4', '3:4', '4:3', '9:16', '9:21'];
const NSFW = 'NSFW content detected. Try running it again, or try a different prompt.';

interface StoredPrediction {
  body: Record<string, unknown>;
  polls: number;
  canceled: boolean;
}

/** A Replicate fake with its running predictions; `pollsUntilDone` polls end a 'processing' one. */
export type ReplicateFake = FakeServer & { pollsUntilDone: number };

/**
 * A fake of Replicate's API: model and version lookups, predictions by model (POST
 * /v1/models/{owner}/{name}/predictions) or by version (POST /v1/predictions), GET and cancel of
 * a prediction, and the text event stream. With Prefer: wait it answers succeeded, or 'processing'
 * (then succeeded after `pollsUntilDone` polls, each with Retry-After), 'stuck' (processing until
 * cancelled; a text stream keeps running after its chunks until then) or 'safety' (failed with the NSFW reason). Unknown models are 404, unknown versions 422.
 */
export async function startReplicateFake(): Promise<ReplicateFake> {
  const predictions = new Map<string, StoredPrediction>();
  const fake = (await startFakeServer(async (ctx) => {
    const { request, res } = ctx;
    if (request.method === 'GET' && request.path.startsWith('/files/')) {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': FAKE_PNG.length });
      return res.end(FAKE_PNG);
    }
    if (!/^Bearer \S+/.test(request.headers.authorization ?? '')) {
      return sendJson(res, 401, { title: 'Unauthenticated', detail: 'You did not pass a valid authentication token', status: 401 });
    }
    const served = ctx.fake.served;
    const model = /^\/v1\/models\/([^/]+\/[^/]+)(\/versions\/([^/]+))?(\/predictions)?$/.exec(request.path);
    if (request.method === 'GET' && model && !model[4]) {
      const ref = model[3] ? `${model[1]}:${model[3]}` : model[1];
      const known = [...served].some((s) => s === ref || s.startsWith(`${ref}:`));
      if (!known) return sendJson(res, 404, NOT_FOUND);
      return sendJson(
        res,
        200,
        model[3]
          ? { id: model[3], created_at: '2024-01-01T00:00:00Z' }
          : { owner: model[1]?.split('/')[0], name: model[1]?.split('/')[1], visibility: 'public' },
      );
    }
    if (request.method === 'POST' && ((model?.[4] && !model[2]) || request.path === '/v1/predictions')) {
      const body = (request.body ?? {}) as { version?: string; input?: Record<string, unknown> };
      if (model) {
        if (!served.has(model[1] as string)) return sendJson(res, 404, NOT_FOUND);
      } else if (![...served].some((s) => s.endsWith(`:${body.version}`))) {
        return sendJson(res, 422, {
          title: 'Invalid version or not permitted',
          detail: "The specified version does not exist (or perhaps you don't have permission to use it?)",
          status: 422,
        });
      }
      const ratio = body.input?.aspect_ratio;
      if (ratio !== undefined && !ASPECT_RATIOS.includes(String(ratio))) {
        return sendJson(res, 422, {
          title: 'Input validation failed',
          detail: `- input.aspect_ratio: input.aspect_ratio must be one of the following: ${ASPECT_RATIOS.join(', ')}`,
          status: 422,
        });
      }
      // Meta's Llama models on Replicate take temperature from 0 to 5 and max_tokens as an integer.
      const invalid = (detail: string) => sendJson(res, 422, { title: 'Input validation failed', detail, status: 422 });
      const temperature = body.input?.temperature;
      if (temperature !== undefined && (typeof temperature !== 'number' || temperature < 0 || temperature > 5))
        return invalid('- input.temperature: Must be less than or equal to 5');
      const maxTokens = body.input?.max_tokens;
      if (maxTokens !== undefined && !Number.isInteger(maxTokens)) return invalid('- input.max_tokens: Invalid type. Expected: integer');
      if (misbehave(ctx, ERRORS)) return;
      return createPrediction(ctx, model?.[1], predictions);
    }
    const one = /^\/v1\/predictions\/([^/]+)(\/cancel)?$/.exec(request.path);
    const stored = one ? predictions.get(one[1] as string) : undefined;
    if (one && stored) {
      if (request.method === 'POST' && one[2]) {
        stored.canceled = true;
        return sendJson(res, 200, view(ctx, one[1] as string, stored, 'canceled'));
      }
      if (request.method === 'GET' && !one[2]) {
        stored.polls++;
        const done = !stored.canceled && ctx.fake.behaviour !== 'stuck' && stored.polls >= (fake as ReplicateFake).pollsUntilDone;
        const status = stored.canceled ? 'canceled' : done ? 'succeeded' : 'processing';
        res.setHeader('Retry-After', '0');
        return sendJson(res, 200, view(ctx, one[1] as string, stored, status));
      }
    }
    if (request.method === 'GET' && request.path.startsWith('/v1/stream/')) return stream(ctx, predictions.get(request.path.slice(11)));
    sendJson(res, 404, NOT_FOUND);
  }, REPLICATE_SERVED)) as ReplicateFake;
  fake.pollsUntilDone = 2;
  return fake;
}

function view(ctx: FakeContext, id: string, stored: StoredPrediction, status: string) {
  const url = `${ctx.fake.url}/files/${id}.png`;
  const output = status === 'succeeded' ? (stored.body.model === 'black-forest-labs/flux-2-pro' ? url : [url]) : null;
  return {
    id,
    model: stored.body.model,
    version: stored.body.version ?? 'hidden',
    input: stored.body.input,
    logs: '',
    status,
    output,
    error: status === 'failed' ? NSFW : null,
    created_at: new Date().toISOString(),
    urls: {
      get: `${ctx.fake.url}/v1/predictions/${id}`,
      cancel: `${ctx.fake.url}/v1/predictions/${id}/cancel`,
      ...(stored.body.stream ? { stream: `${ctx.fake.url}/v1/stream/${id}` } : {}),
    },
  };
}

function createPrediction(ctx: FakeContext, model: string | undefined, predictions: Map<string, StoredPrediction>): unknown {
  const body = (ctx.request.body ?? {}) as Record<string, unknown>;
  const id = randomUUID().replace(/-/g, '').slice(0, 26);
  const stored: StoredPrediction = { body: { ...body, model: model ?? 'versioned/model' }, polls: 0, canceled: false };
  predictions.set(id, stored);
  if (body.stream) return sendJson(ctx.res, 201, view(ctx, id, stored, 'starting'));
  if (ctx.fake.behaviour === 'cut') return void ctx.res.socket?.destroy();
  const { behaviour } = ctx.fake;
  const status = behaviour === 'safety' ? 'failed' : behaviour === 'processing' || behaviour === 'stuck' ? 'processing' : 'succeeded';
  sendJson(ctx.res, 201, view(ctx, id, stored, status));
}

// 'stuck' keeps generating after the chunks until the prediction is cancelled, then ends as
// Replicate does: a done event whose reason is "canceled".
async function stream(ctx: FakeContext, stored: StoredPrediction | undefined): Promise<void> {
  if (!stored) return sendJson(ctx.res, 404, NOT_FOUND);
  startSse(ctx.res);
  const complete = await streamChunks(ctx, (text, index) => {
    ctx.res.write(`id: ${index + 1}\n`);
    writeSse(ctx.res, text, 'output');
  });
  if (!complete) return;
  while (ctx.fake.behaviour === 'stuck' && !stored.canceled && !ctx.res.destroyed) await new Promise((r) => setTimeout(r, 20));
  writeSse(ctx.res, stored.canceled ? '{"reason":"canceled"}' : '{}', 'done');
  ctx.res.end();
}
