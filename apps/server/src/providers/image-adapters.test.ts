import { type AspectRatio, IMAGE_MODELS, type ModelEntry } from '@ensemble/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAKE_PNG } from '../test/fakes/fake-server.js';
import { type ProviderFake, RAW_BODY_MARKER, startProviderFake } from '../test/fakes/provider-fakes.js';
import { createIdeogramAdapter } from './ideogram-adapter.js';
import { createOpenAIAdapter } from './openai-adapter.js';
import { PROVIDER_MESSAGES } from './provider-error.js';
import { createReplicateAdapter } from './replicate-adapter.js';
import { ProviderError, type ProviderAdapter } from './types.js';

const KEY = 'r8_test-SECRET-token-9876543210';
const model = (id: string) => IMAGE_MODELS.find((m) => m.id === id) as ModelEntry;
const request = (id: string, aspectRatio: AspectRatio) => ({
  model: model(id),
  providerModelId: model(id).model_id ?? id,
  prompt: 'A lighthouse at dusk',
  aspectRatio,
  signal: new AbortController().signal,
});

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  const e = error as ProviderError;
  expect(e.message).not.toContain(KEY);
  expect(e.message).not.toContain(RAW_BODY_MARKER);
  return e;
}

// `adapter` has a deadline no answering fake comes near; `timed` has `timeoutMs`, for the tests of
// the deadline itself (a short one, where a first call's one-off set-up on a busy machine could pass it).
function useFake(provider: 'openai' | 'replicate' | 'ideogram', create: typeof createReplicateAdapter, timeoutMs = 300) {
  const ctx = {} as { server: ProviderFake; adapter: ProviderAdapter; timed: ProviderAdapter };
  beforeAll(async () => {
    ctx.server = await startProviderFake(provider);
    const settings = (ms: number) => ({
      apiKey: KEY,
      baseUrl: ctx.server.baseUrl,
      textTimeoutMs: ms,
      imageTimeoutMs: ms,
      pollIntervalMs: 10,
    });
    ctx.adapter = create(settings(30_000));
    ctx.timed = create(settings(timeoutMs));
  });
  beforeEach(() => {
    ctx.server.fake.behaviour = 'ok';
  });
  afterAll(() => ctx.server.fake.close());
  return ctx;
}

describe('openai image adapter', () => {
  const ctx = useFake('openai', createOpenAIAdapter);
  const sentBody = () => ctx.server.fake.lastRequest('/images/generations')?.body as Record<string, unknown>;

  it.each([
    ['dall-e-3', 'gpt-image-2.6-flare', 'wide', '1536x1024'],
    ['dall-e-3', 'gpt-image-2.6-flare', 'tall', '1024x1536'],
    ['dall-e-2', 'gpt-image-2', 'square', '1024x1024'],
    ['dall-e-2', 'gpt-image-2', 'tall', '1024x1536'],
    ['gpt-image-1', 'gpt-image-2.6-sunburst', 'wide', '1536x1024'],
    ['gpt-image-1', 'gpt-image-2.6-sunburst', 'square', '1024x1024'],
  ] as const)('runs %s as %s at %s in %s and returns the bytes', async (id, sent, ratio, size) => {
    const image = await ctx.adapter.generateImage(request(id, ratio));
    expect(sentBody()).toMatchObject({ model: sent, size, n: 1 });
    expect(Buffer.from(image.bytes).equals(FAKE_PNG)).toBe(true);
    expect(image.mediaType).toBe('image/png');
  });

  it('sends gpt-image models no response_format (the API refuses it) and the bearer key', async () => {
    await ctx.adapter.generateImage(request('dall-e-3', 'square'));
    expect(sentBody()).not.toHaveProperty('response_format');
    expect(ctx.server.fake.lastRequest()?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('reports a retired image model as model_not_found', async () => {
    const e = await failure(ctx.adapter.generateImage({ ...request('dall-e-3', 'square'), providerModelId: 'dall-e-3' }));
    expect(e.kind).toBe('model_not_found');
  });

  it.each([
    [429, 'rate_limit', PROVIDER_MESSAGES.rateLimit],
    [401, 'auth', PROVIDER_MESSAGES.auth],
    [500, 'unavailable', 'Failed to generate image'],
    ['content_filter', 'content_filter', PROVIDER_MESSAGES.contentFilter],
    ['cut', 'network', 'Failed to generate image'],
    ['hang', 'timeout', 'Request timed out after 0.3 seconds'],
  ] as const)('maps %s to %s', async (behaviour, kind, message) => {
    ctx.server.fake.behaviour = behaviour;
    const e = await failure((behaviour === 'hang' ? ctx.timed : ctx.adapter).generateImage(request('dall-e-3', 'wide')));
    expect([e.kind, e.message]).toEqual([kind, message]);
  });
});

describe('replicate image adapter', () => {
  const ctx = useFake('replicate', createReplicateAdapter, 1000);

  it.each([
    ['flux', 'black-forest-labs/flux-schnell', 'wide', '16:9'],
    ['flux', 'black-forest-labs/flux-schnell', 'square', '1:1'],
    ['flux-pro', 'black-forest-labs/flux-2-pro', 'tall', '9:16'],
  ] as const)('runs %s as %s with aspect ratio %s', async (id, replicateModel, ratio, sent) => {
    const image = await ctx.adapter.generateImage(request(id, ratio));
    const created = ctx.server.fake.lastRequest('/predictions');
    expect(created?.path).toBe(`/v1/models/${replicateModel}/predictions`);
    expect(created?.body).toMatchObject({ input: { prompt: 'A lighthouse at dusk', aspect_ratio: sent } });
    expect(created?.headers.prefer).toBe('wait=30');
    expect(Buffer.from(image.bytes).equals(FAKE_PNG)).toBe(true);
  });

  it('passes the generation seed as input.seed', async () => {
    await ctx.adapter.generateImage({ ...request('flux', 'square'), seed: 424242 });
    expect(ctx.server.fake.lastRequest('/predictions')?.body).toMatchObject({ input: { seed: 424242 } });
  });

  it('runs sdxl as its published version with pixel sizes', async () => {
    await ctx.adapter.generateImage(request('sdxl', 'wide'));
    const created = ctx.server.fake.lastRequest('/predictions');
    expect(created?.path).toBe('/v1/predictions');
    expect(created?.body).toMatchObject({
      version: '7762fd07cf82c948538e41f63f77d685e02b063e37e496e96eefd46c929f9bdc',
      input: { width: 1344, height: 768 },
    });
  });

  it.each([
    [401, 'auth'],
    [429, 'rate_limit'],
    [500, 'unavailable'],
    ['hang', 'timeout'],
  ] as const)('maps %s to %s', async (behaviour, kind) => {
    ctx.server.fake.behaviour = behaviour;
    const e = await failure((behaviour === 'hang' ? ctx.timed : ctx.adapter).generateImage(request('flux', 'square')));
    expect(e.kind).toBe(kind);
  });

  it('polls urls.get while the prediction is still processing after Prefer: wait, then returns the image', async () => {
    ctx.server.fake.behaviour = 'processing';
    const before = ctx.server.fake.requests.length;
    const image = await ctx.adapter.generateImage(request('flux', 'wide'));
    expect(Buffer.from(image.bytes).equals(FAKE_PNG)).toBe(true);
    const polls = ctx.server.fake.requests.slice(before).filter((r) => r.method === 'GET' && r.path.startsWith('/v1/predictions/'));
    expect(polls).toHaveLength(2);
    expect(polls[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('maps a prediction that failed for NSFW content to the content-policy message', async () => {
    ctx.server.fake.behaviour = 'safety';
    const e = await failure(ctx.adapter.generateImage(request('flux', 'square')));
    expect([e.kind, e.message]).toEqual(['content_filter', PROVIDER_MESSAGES.contentFilter]);
  });

  it('cancels the prediction when it is still running at the image timeout', async () => {
    ctx.server.fake.behaviour = 'stuck';
    const e = await failure(ctx.timed.generateImage(request('flux', 'tall')));
    expect([e.kind, e.message]).toEqual(['timeout', 'Request timed out after 1 seconds']);
    await vi.waitFor(() => expect(ctx.server.fake.lastRequest('/cancel')?.method).toBe('POST'));
  });

  it('reports an unknown model as model_not_found', async () => {
    const e = await failure(ctx.adapter.generateImage({ ...request('flux', 'square'), providerModelId: 'black-forest-labs/flux-retired' }));
    expect(e.kind).toBe('model_not_found');
  });
});

describe('ideogram image adapter', () => {
  const ctx = useFake('ideogram', createIdeogramAdapter);

  const sentForm = () => {
    const posted = ctx.server.fake.lastRequest('/v1/ideogram-v3/generate');
    const type = String(posted?.headers['content-type']);
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    return new Response(String(posted?.body), { headers: { 'content-type': type } }).formData();
  };

  it.each([
    ['V_2A_TURBO', 'wide', '16x9', 'TURBO'],
    ['V_1_TURBO', 'tall', '9x16', 'TURBO'],
    ['V_1', 'square', '1x1', 'DEFAULT'],
    ['V_2A', 'tall', '9x16', 'DEFAULT'],
  ] as const)(
    'posts %s at %s to Ideogram 3.0 as a %s form at rendering speed %s and downloads the image',
    async (id, ratio, aspect, speed) => {
      const image = await ctx.adapter.generateImage(request(id, ratio));
      expect(ctx.server.fake.lastRequest('/v1/ideogram-v3/generate')?.headers['api-key']).toBe(KEY);
      const form = await sentForm();
      expect(Object.fromEntries(form)).toEqual({ prompt: 'A lighthouse at dusk', aspect_ratio: aspect, rendering_speed: speed });
      expect(Buffer.from(image.bytes).equals(FAKE_PNG)).toBe(true);
      expect(image.mediaType).toBe('image/png');
    },
  );

  it('passes the generation seed as a form field', async () => {
    await ctx.adapter.generateImage({ ...request('V_2A_TURBO', 'square'), seed: 99 });
    expect((await sentForm()).get('seed')).toBe('99');
  });

  it('refuses an id that names no Ideogram 3.0 speed as an unknown model, without calling Ideogram', async () => {
    const before = ctx.server.fake.requests.length;
    const e = await failure(ctx.adapter.generateImage({ ...request('V_1', 'square'), providerModelId: 'V_2A' }));
    expect(e.kind).toBe('model_not_found');
    expect(ctx.server.fake.requests.length).toBe(before);
  });

  it('the fake refuses the legacy endpoint, a JSON body, unknown fields and values, as Ideogram 3.0 does', async () => {
    const url = ctx.server.baseUrl;
    const post = (path: string, body: string | FormData, headers: Record<string, string> = {}) =>
      fetch(`${url}${path}`, { method: 'POST', headers: { 'Api-Key': KEY, ...headers }, body });
    const form = (fields: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      return f;
    };
    const legacy = JSON.stringify({ image_request: { prompt: 'x', model: 'V_2A', aspect_ratio: 'ASPECT_1_1' } });
    expect((await post('/generate', legacy, { 'Content-Type': 'application/json' })).status).toBe(404);
    expect((await post('/v1/ideogram-v3/generate', legacy, { 'Content-Type': 'application/json' })).status).toBe(422);
    expect((await post('/v1/ideogram-v3/generate', form({ prompt: 'x', model: 'V_2A' }))).status).toBe(422);
    expect((await post('/v1/ideogram-v3/generate', form({ prompt: 'x', aspect_ratio: 'ASPECT_1_1' }))).status).toBe(422);
    expect((await post('/v1/ideogram-v3/generate', form({ prompt: 'x', rendering_speed: 'V_2A_TURBO' }))).status).toBe(422);
    expect((await post('/v1/ideogram-v3/generate', form({ prompt: 'x', resolution: '1024x1024', aspect_ratio: '1x1' }))).status).toBe(422);
    expect((await post('/v1/ideogram-v3/generate', form({ prompt: 'x', rendering_speed: 'TURBO', aspect_ratio: '16x9' }))).status).toBe(
      200,
    );
  });

  it.each([
    [401, 'auth', PROVIDER_MESSAGES.auth],
    [429, 'rate_limit', PROVIDER_MESSAGES.rateLimit],
    [500, 'unavailable', 'Failed to generate image'],
    ['content_filter', 'content_filter', PROVIDER_MESSAGES.contentFilter],
    ['unsafe_image', 'content_filter', PROVIDER_MESSAGES.contentFilter],
    ['cut', 'network', 'Failed to generate image'],
    ['hang', 'timeout', 'Request timed out after 0.3 seconds'],
  ] as const)('maps %s to %s', async (behaviour, kind, message) => {
    ctx.server.fake.behaviour = behaviour;
    const e = await failure((behaviour === 'hang' ? ctx.timed : ctx.adapter).generateImage(request('V_1_TURBO', 'square')));
    expect([e.kind, e.message]).toEqual([kind, message]);
  });
});
