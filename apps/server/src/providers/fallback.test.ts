import { IMAGE_MODELS, type ModelEntry, TEXT_MODELS } from '@ensemble/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHUNKS, type ProviderFake, startProviderFake } from '../test/fakes/provider-fakes.js';
import { createAnthropicAdapter } from './anthropic-adapter.js';
import { type Candidate, type FallbackOptions, generateFirstAvailable, streamFirstAvailable } from './fallback.js';
import { createOpenAIAdapter } from './openai-adapter.js';
import type { ProviderError } from './types.js';

const row = (id: string) => [...TEXT_MODELS, ...IMAGE_MODELS].find((m) => m.id === id) as ModelEntry;
const settings = (fake: ProviderFake) => ({ apiKey: 'k', baseUrl: fake.baseUrl, textTimeoutMs: 3000, imageTimeoutMs: 300 });

describe('fallback chains', () => {
  let anthropic: ProviderFake;
  let openai: ProviderFake;
  let claude: Candidate;
  let luna: Candidate;
  beforeAll(async () => {
    anthropic = await startProviderFake('anthropic');
    openai = await startProviderFake('openai');
    const m = row('claude-3-5-haiku-latest');
    claude = { model: m, adapter: createAnthropicAdapter(settings(anthropic)), providerModelId: m.model_id as string };
    luna = { model: row('gpt-6-luna'), adapter: createOpenAIAdapter(settings(openai)), providerModelId: 'gpt-6-luna' };
  });
  beforeEach(() => {
    anthropic.fake.behaviour = 'ok';
    openai.fake.behaviour = 'ok';
  });
  afterAll(async () => {
    await anthropic.fake.close();
    await openai.fake.close();
  });

  async function run(chain: Candidate[], options: Partial<FallbackOptions> = {}) {
    const answered: string[] = [];
    const missing: string[] = [];
    const chunks: string[] = [];
    let error: unknown;
    try {
      const stream = streamFirstAvailable(
        chain[0]?.model ?? claude.model,
        chain,
        [{ role: 'user', content: 'hi' }],
        new AbortController().signal,
        {
          firstTokenTimeoutMs: 200,
          onAnswer: (c) => answered.push(c.model.id),
          onModelNotFound: (c) => missing.push(c.model.id),
          ...options,
        },
      );
      for await (const chunk of stream) chunks.push(chunk);
    } catch (e) {
      error = e;
    }
    return { text: chunks.join(''), answered, missing, error };
  }

  it.each([429, 500, 503, 'overloaded'] as const)('moves on when the first model fails before any token (%s)', async (behaviour) => {
    anthropic.fake.behaviour = behaviour;
    const { text, answered, error } = await run([claude, luna]);
    expect(error).toBeUndefined();
    expect(text).toBe(DEFAULT_CHUNKS.join(''));
    expect(answered).toEqual(['gpt-6-luna']);
  });

  it('moves on when the first model sends no token within the first-token timeout', async () => {
    anthropic.fake.behaviour = 'slow';
    const { text, answered } = await run([claude, luna]);
    expect(text).toBe(DEFAULT_CHUNKS.join(''));
    expect(answered).toEqual(['gpt-6-luna']);
  });

  it('keeps a model that has started thinking, however long it thinks before its text', async () => {
    anthropic.fake.behaviour = 'thinking';
    anthropic.fake.slowMs = 400;
    const { text, answered } = await run([claude, luna]);
    expect(text).toBe(DEFAULT_CHUNKS.join(''));
    expect(answered).toEqual(['claude-3-5-haiku-latest']);
  });

  it('lets the last model take its time: no first-token timeout without a fallback waiting', async () => {
    anthropic.fake.behaviour = 'slow';
    anthropic.fake.slowMs = 400;
    const { text, answered } = await run([claude]);
    expect(text).toBe(DEFAULT_CHUNKS.join(''));
    expect(answered).toEqual(['claude-3-5-haiku-latest']);
  });

  it('does not fall back on a refusal that another model would share (bad key)', async () => {
    anthropic.fake.behaviour = 401;
    const { error, answered } = await run([claude, luna]);
    expect((error as ProviderError).kind).toBe('auth');
    expect(answered).toEqual([]);
  });

  it('reports "model not found" and, when nothing else answers, says the chosen model is no longer offered', async () => {
    anthropic.fake.served.delete('claude-haiku-5-5');
    openai.fake.behaviour = 500;
    try {
      const { error, missing } = await run([claude, luna]);
      expect(missing).toEqual(['claude-3-5-haiku-latest']);
      expect((error as ProviderError).message).toBe(
        'Claude 3.5 Haiku → Claude Haiku 5.5 is no longer offered by Anthropic. Please choose another model.',
      );
    } finally {
      anthropic.fake.served.add('claude-haiku-5-5');
    }
  });

  it('images: falls back on an immediate failure, never after a timeout', async () => {
    const sunburst: Candidate = { model: row('gpt-image-1'), adapter: luna.adapter, providerModelId: 'gpt-image-2.6-sunburst' };
    const flare: Candidate = { model: row('dall-e-3'), adapter: luna.adapter, providerModelId: 'gpt-image-2.6-flare' };
    const ask = { prompt: 'a fox', aspectRatio: 'square' as const, signal: new AbortController().signal };
    openai.fake.served.delete('gpt-image-2.6-sunburst');
    try {
      const { answered } = await generateFirstAvailable(sunburst.model, [sunburst, flare], ask, {});
      expect(answered.model.id).toBe('dall-e-3');
    } finally {
      openai.fake.served.add('gpt-image-2.6-sunburst');
    }
    openai.fake.behaviour = 'hang';
    const before = openai.fake.requests.length;
    const error = await generateFirstAvailable(sunburst.model, [sunburst, flare], ask, {}).catch((e: unknown) => e);
    expect((error as ProviderError).kind).toBe('timeout');
    expect(openai.fake.requests.slice(before).map((r) => (r.body as { model: string }).model)).toEqual(['gpt-image-2.6-sunburst']);
  });
});
