import { describe, expect, it } from 'vitest';
import {
  streamError,
  CREDITS,
  DEFAULT_SHORTLIST,
  IMAGE_MODELS,
  MAX_OUTPUT_TOKENS_LIMIT,
  MESSAGES,
  type ModelEntry,
  PROVIDER_MODEL_SPECS,
  TEXT_MODELS,
  acceptsImages,
  chatRequestSchema,
  clampTitle,
  findModel,
  guessModelType,
  imagePromptTitle,
  isCreditsExhausted,
  metadataInputSchema,
  modelCost,
  normalizeAspectRatio,
  outputTokenLimit,
  promptTitle,
  sendFailureText,
} from './index.js';

describe('titles', () => {
  it('cuts titles over 255 characters, the last three replaced by an ellipsis', () => {
    expect(clampTitle('x'.repeat(255))).toBe('x'.repeat(255));
    const cut = clampTitle('y'.repeat(300));
    expect(cut).toHaveLength(255);
    expect(cut.endsWith('yyy...')).toBe(true);
  });

  it("derives image titles as 'Image: ' plus 30 characters and '...' when longer", () => {
    expect(imagePromptTitle('A red fox')).toBe('Image: A red fox');
    expect(imagePromptTitle('A lighthouse at dawn over a calm sea')).toBe('Image: A lighthouse at dawn over a ca...');
    expect(promptTitle('  exactly thirty characters!!  ')).toBe('exactly thirty characters!!');
  });
});

describe('catalogue', () => {
  it('holds the spec models with their providers and costs', () => {
    const cost = (id: string) => modelCost(findModel({ text_models: [...TEXT_MODELS], image_models: [...IMAGE_MODELS] }, id));
    expect(TEXT_MODELS).toHaveLength(25);
    expect(IMAGE_MODELS).toHaveLength(10);
    expect([cost('gpt-4o'), cost('o1-mini'), cost('o3-mini'), cost('claude-3-5-haiku-latest')]).toEqual([1, 3, 3, 1]);
    expect([cost('flux'), cost('flux-pro'), cost('dall-e-3'), cost('dall-e-2'), cost('gpt-image-1')]).toEqual([4, 4, 3, 3, 8]);
    expect([cost('V_1'), cost('V_1_TURBO'), cost('V_2A'), cost('V_2A_TURBO'), cost('sdxl')]).toEqual([4, 4, 5, 5, 3]);
    expect(TEXT_MODELS.find((m) => m.id === 'deepseek-chat')?.model_id).toBe('deepseek-flash');
    expect(TEXT_MODELS.every((m) => m.stream)).toBe(true);
    expect(IMAGE_MODELS.some((m) => m.stream)).toBe(false);
    const ids = [...TEXT_MODELS, ...IMAGE_MODELS].map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(DEFAULT_SHORTLIST.every((id) => ids.includes(id))).toBe(true);
  });

  it('sends each provider model from one row only, and names only existing rows of the same type as fallbacks', () => {
    const all = [...TEXT_MODELS, ...IMAGE_MODELS];
    // Settled (issue 36): Ideogram 3.0 has no 1.0 or 2a, so V_1 and V_2A share V_3, their Turbos V_3_TURBO.
    const shared = new Set(['V_2A', 'V_2A_TURBO']);
    const sent = all.filter((m) => !shared.has(m.id)).map((m) => `${m.provider}:${m.model_id ?? m.id}`);
    expect(new Set(sent).size).toBe(sent.length);
    expect(all.filter((m) => shared.has(m.id)).map((m) => m.model_id)).toEqual(['V_3', 'V_3_TURBO']);
    for (const m of all) {
      for (const f of m.fallbacks ?? []) expect(all.find((o) => o.id === f)?.type).toBe(m.type);
    }
  });

  it("gives every text row its provider model's documented context, output cap, inputs and parameters", () => {
    const row = (id: string) => TEXT_MODELS.find((m) => m.id === id);
    for (const m of TEXT_MODELS) {
      expect(PROVIDER_MODEL_SPECS[m.model_id ?? m.id], m.id).toBeDefined();
      expect(m.context_window, m.id).toBeGreaterThan(0);
      expect(outputTokenLimit(m), m.id).toBeLessThanOrEqual(MAX_OUTPUT_TOKENS_LIMIT);
    }
    expect([row('gpt-4o')?.max_output_tokens, row('gpt-4o-mini')?.max_output_tokens]).toEqual([16_384, 16_384]);
    expect(outputTokenLimit(row('gemini-2.0-flash-exp') as ModelEntry)).toBe(65_536);
    expect(outputTokenLimit(row('claude-3-haiku-20240307') as ModelEntry)).toBe(64_000);
    // DeepSeek V4 thinks by default and ignores temperature; Grok 4.3 reads images.
    for (const id of ['deepseek-chat', 'deepseek-v4-pro']) expect(row(id)?.parameters).toEqual(['max_output_tokens']);
    expect(acceptsImages(row('grok-2-latest') as ModelEntry)).toBe(true);
    expect(row('gpt-6.2-sol')?.parameters).toEqual(['max_output_tokens']);
  });

  it('defaults a missing cost to 1 and guesses image models from their ids', () => {
    expect(modelCost(undefined)).toBe(CREDITS.defaultModelCost);
    expect(modelCost({ cost: Number.NaN })).toBe(1);
    expect(['dall-e-3', 'flux-pro', 'V_2A'].map(guessModelType)).toEqual(['image', 'image', 'image']);
    expect(guessModelType('gpt-4o')).toBe('text');
  });
});

describe('errors', () => {
  it('detects credits exhaustion the ways the spec lists', () => {
    expect(isCreditsExhausted({ httpStatus: 402 })).toBe(true);
    expect(isCreditsExhausted({ status: 'success', data: { status: 'credits_exhausted' } })).toBe(true);
    expect(isCreditsExhausted({ code: 'CREDITS_EXHAUSTED' })).toBe(true);
    expect(isCreditsExhausted({ message: MESSAGES.creditsExhaustedGuest })).toBe(true);
    expect(isCreditsExhausted({ message: 'You have exceeded your quota' })).toBe(true);
    expect(isCreditsExhausted({ message: 'Failed to generate image', httpStatus: 502 })).toBe(false);
  });

  it('maps send failures that mention rate to the rate-limit text', () => {
    expect(sendFailureText('429 rate limited')).toBe('Rate limit exceeded. Please wait a moment before trying again.');
    expect(sendFailureText('boom')).toBe('Failed to send message. Please try again.');
    expect(MESSAGES.insufficientCredits(3, 1)).toBe(
      'Insufficient credits. This model requires 3 credit(s), but you only have 1 remaining.',
    );
  });
});

describe('stream errors', () => {
  it('name the spec’s message and its values, and leave any other text bare', () => {
    expect(streamError(MESSAGES.timedOut(60))).toEqual({
      error: 'Request timed out after 60 seconds',
      message_code: 'timedOut',
      params: { seconds: 60 },
    });
    expect(streamError(MESSAGES.generatorStopped)).toEqual({ error: MESSAGES.generatorStopped, message_code: 'generatorStopped' });
    expect(streamError('Upstream said no')).toEqual({ error: 'Upstream said no' });
  });
});

describe('schemas', () => {
  it('reads aspect ratios in both stored forms', () => {
    expect(['wide', '16:9', '9:16', 'tall', 'nonsense', undefined].map(normalizeAspectRatio)).toEqual([
      'wide',
      'wide',
      'tall',
      'tall',
      'square',
      'square',
    ]);
  });

  it('accepts metadata as an object or a JSON string and refuses other strings', () => {
    expect(metadataInputSchema.parse('{"aspectRatio":"wide","prompt":"p"}')).toEqual({ aspectRatio: 'wide', prompt: 'p' });
    expect(metadataInputSchema.parse(null)).toBeNull();
    expect(metadataInputSchema.safeParse('not json').success).toBe(false);
  });

  it('validates chat requests: ids as numbers or numeric strings, at least one message', () => {
    expect(
      chatRequestSchema.parse({ model: 'gpt-4o', thread_id: '12', user_id: '-1', stream: 'true', messages: [{ content: 'hi' }] }),
    ).toMatchObject({
      thread_id: 12,
      user_id: -1,
      stream: true,
    });
    expect(chatRequestSchema.safeParse({ model: 'gpt-4o', messages: [] }).success).toBe(false);
    expect(chatRequestSchema.safeParse({ model: 'gpt-4o', thread_id: 'x1', messages: [{ content: 'a' }] }).success).toBe(false);
  });
});
