import { type ModelEntry, TEXT_MODELS } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CHUNKS,
  type ProviderFake,
  RAW_BODY_MARKER,
  type RecordedRequest,
  startProviderFake,
} from '../test/fakes/provider-fakes.js';
import type { AdapterSettings } from './adapter-settings.js';
import { createAnthropicAdapter } from './anthropic-adapter.js';
import { createGoogleAdapter } from './google-adapter.js';
import { createOpenAIAdapter } from './openai-adapter.js';
import { PROVIDER_MESSAGES } from './provider-error.js';
import { createReplicateAdapter } from './replicate-adapter.js';
import { ProviderError, type ProviderAdapter } from './types.js';
import { PROVIDER_DESCRIPTORS } from './descriptors.js';

const KEY = 'sk-test-SECRET-key-0123456789';

interface Case {
  modelId: string;
  create: (settings: AdapterSettings) => ProviderAdapter;
  /** The model id as the fake saw it. */
  sentModel: (request: RecordedRequest) => string | undefined;
  expectedModel: string;
  /** The key as the fake saw it. */
  sentKey: (request: RecordedRequest) => string | undefined;
  /** A retired id the provider now refuses. */
  unknownId: string;
}

const bodyModel = (r: RecordedRequest) => (r.body as { model?: string })?.model;
const bearer = (r: RecordedRequest) => r.headers.authorization?.replace(/^Bearer /, '');

const CASES: Case[] = [
  { modelId: 'gpt-4o', create: createOpenAIAdapter, sentModel: bodyModel, expectedModel: 'gpt-4o', sentKey: bearer, unknownId: 'o1-mini' },
  {
    modelId: 'claude-3-7-sonnet-latest',
    create: createAnthropicAdapter,
    sentModel: bodyModel,
    expectedModel: 'claude-sonnet-5-5',
    sentKey: (r) => r.headers['x-api-key'] as string,
    unknownId: 'claude-3-7-sonnet-latest',
  },
  {
    modelId: 'gemini-1.5-flash',
    create: createGoogleAdapter,
    sentModel: (r) => /models\/([^:]+):streamGenerateContent$/.exec(r.path)?.[1],
    expectedModel: 'gemini-3.7-flash',
    sentKey: (r) => r.headers['x-goog-api-key'] as string,
    unknownId: 'gemini-1.5-flash',
  },
  {
    modelId: 'grok-3-mini-fast-latest',
    create: PROVIDER_DESCRIPTORS.xai.create,
    sentModel: bodyModel,
    expectedModel: 'grok-4.20-0309-non-reasoning',
    sentKey: bearer,
    unknownId: 'grok-2-latest',
  },
  {
    modelId: 'deepseek-chat',
    create: PROVIDER_DESCRIPTORS.deepseek.create,
    sentModel: bodyModel,
    expectedModel: 'deepseek-flash',
    sentKey: bearer,
    unknownId: 'deepseek-chat-v1',
  },
  {
    modelId: 'llama-3.1-405b',
    create: createReplicateAdapter,
    sentModel: (r) => /^\/v1\/models\/(.+)\/predictions$/.exec(r.path)?.[1],
    expectedModel: 'meta/meta-llama-3.1-405b-instruct',
    sentKey: bearer,
    unknownId: 'meta/llama-2-70b-chat-retired',
  },
];

async function collect(stream: AsyncIterable<string>): Promise<{ chunks: string[]; error?: unknown }> {
  const chunks: string[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk);
    return { chunks };
  } catch (error) {
    return { chunks, error };
  }
}

function expectSafe(error: unknown, kind: string, message: string): void {
  expect(error).toBeInstanceOf(ProviderError);
  const e = error as ProviderError;
  expect(e.kind).toBe(kind);
  expect(e.message).toBe(message);
  expect(e.message).not.toContain(KEY);
  expect(e.message).not.toContain(RAW_BODY_MARKER);
}

for (const c of CASES) {
  const model = TEXT_MODELS.find((m) => m.id === c.modelId) as ModelEntry;

  describe(`${model.provider} text adapter`, () => {
    let server: ProviderFake;
    let adapter: ProviderAdapter;
    // Only the hang case waits out its deadline: a deadline the answering cases never near, so a first call on a busy
    // machine (modules still loading) is not taken for a silent provider.
    let impatient: ProviderAdapter;
    const request = (signal = new AbortSignal()) => ({
      model,
      providerModelId: model.model_id ?? model.id,
      messages: [
        { role: 'system' as const, content: 'Be brief.' },
        { role: 'user' as const, content: 'Say hello' },
      ],
      signal,
    });

    beforeAll(async () => {
      server = await startProviderFake(model.provider);
      adapter = c.create({ apiKey: KEY, baseUrl: server.baseUrl, textTimeoutMs: 30_000, imageTimeoutMs: 30_000 });
      impatient = c.create({ apiKey: KEY, baseUrl: server.baseUrl, textTimeoutMs: 300, imageTimeoutMs: 300 });
    });
    afterAll(() => server.fake.close());

    const run = async (behaviour: typeof server.fake.behaviour) => {
      server.fake.behaviour = behaviour;
      return collect(adapter.streamText(request(new AbortController().signal)));
    };

    it('streams the reply in order and complete, sending the right model id and key', async () => {
      const { chunks, error } = await run('ok');
      expect(error).toBeUndefined();
      expect(chunks.length).toBeGreaterThan(1);
      expect(chunks.join('')).toBe(DEFAULT_CHUNKS.join(''));
      const sent = server.fake.requests.find((r) => r.method === 'POST') as RecordedRequest;
      expect(c.sentModel(sent)).toBe(c.expectedModel);
      expect(c.sentKey(sent)).toBe(KEY);
    });

    it.each([
      [401, 'auth', PROVIDER_MESSAGES.auth],
      [429, 'rate_limit', 'Rate limit exceeded. Please wait a moment before trying again.'],
      [500, 'unavailable', PROVIDER_MESSAGES.textFailed],
    ] as const)('maps HTTP %i to %s without leaking the key or body', async (status, kind, message) => {
      const { chunks, error } = await run(status);
      expect(chunks).toEqual([]);
      expectSafe(error, kind, message);
      // Google answers a bad key with 400 API_KEY_INVALID, not 401.
      expect((error as ProviderError).httpStatus).toBe(status === 401 && model.provider === 'google' ? 400 : status);
    });

    it('reports a model id the provider does not serve as model_not_found', async () => {
      server.fake.behaviour = 'ok';
      const { chunks, error } = await collect(
        adapter.streamText({ ...request(new AbortController().signal), providerModelId: c.unknownId }),
      );
      expect(chunks).toEqual([]);
      expectSafe(error, 'model_not_found', PROVIDER_MESSAGES.textFailed);
    });

    it('reports a connection cut mid-stream as a network failure after the chunks that arrived', async () => {
      const { chunks, error } = await run('cut');
      expect(chunks.join('')).toBe(DEFAULT_CHUNKS.slice(0, 2).join(''));
      expectSafe(error, 'network', PROVIDER_MESSAGES.textFailed);
    });

    it('times out when the provider never answers', async () => {
      server.fake.behaviour = 'hang';
      const { error } = await collect(impatient.streamText(request(new AbortController().signal)));
      expectSafe(error, 'timeout', 'Request timed out after 0.3 seconds');
    });
  });
}

describe('caller cancellation', () => {
  it("ends the stream with the caller's abort reason, not a provider error", async () => {
    const server = await startProviderFake('openai');
    try {
      server.fake.behaviour = 'hang';
      const adapter = createOpenAIAdapter({ apiKey: KEY, baseUrl: server.baseUrl, textTimeoutMs: 5000, imageTimeoutMs: 5000 });
      const controller = new AbortController();
      const reason = new Error('user left');
      setTimeout(() => controller.abort(reason), 50);
      const model = TEXT_MODELS.find((m) => m.id === 'gpt-4o') as ModelEntry;
      const { error } = await collect(
        adapter.streamText({ model, providerModelId: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], signal: controller.signal }),
      );
      expect(error).toBe(reason);
    } finally {
      await server.fake.close();
    }
  });
});

describe('provider-specific failures inside a 200', () => {
  const model = (id: string) => TEXT_MODELS.find((m) => m.id === id) as ModelEntry;
  const ask = (adapter: ProviderAdapter, m: ModelEntry) =>
    collect(
      adapter.streamText({
        model: m,
        providerModelId: m.model_id ?? m.id,
        messages: [{ role: 'user', content: 'hi' }],
        signal: new AbortController().signal,
      }),
    );

  it('Anthropic: an overloaded error event after the 200 fails the stream as unavailable', async () => {
    const server = await startProviderFake('anthropic');
    try {
      server.fake.behaviour = 'overloaded';
      const adapter = createAnthropicAdapter({ apiKey: KEY, baseUrl: server.baseUrl, textTimeoutMs: 2000, imageTimeoutMs: 2000 });
      const { chunks, error } = await ask(adapter, model('claude-3-5-haiku-latest'));
      expect(chunks).toEqual([]);
      expectSafe(error, 'unavailable', PROVIDER_MESSAGES.textFailed);
      const sent = server.fake.lastRequest('/v1/messages');
      expect(sent?.headers['anthropic-version']).toBeTruthy();
      expect(typeof (sent?.body as { max_tokens?: unknown } | undefined)?.max_tokens).toBe('number');
    } finally {
      await server.fake.close();
    }
  });

  it.each(['safety', 'content_filter'] as const)(
    'Gemini: a %s block inside a 200 body becomes the content-policy message',
    async (behaviour) => {
      const server = await startProviderFake('google');
      try {
        server.fake.behaviour = behaviour;
        const adapter = createGoogleAdapter({ apiKey: KEY, baseUrl: server.baseUrl, textTimeoutMs: 2000, imageTimeoutMs: 2000 });
        const { chunks, error } = await ask(adapter, model('gemini-1.5-pro'));
        expect(chunks).toEqual([]);
        expectSafe(error, 'content_filter', PROVIDER_MESSAGES.contentFilter);
      } finally {
        await server.fake.close();
      }
    },
  );
});
