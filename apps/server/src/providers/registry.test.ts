import { IMAGE_MODELS, type ModelEntry, TEXT_MODELS } from '@ensemble/shared';
import { describe, expect, it } from 'vitest';
import { PROVIDER_ENV_VARS, createProviderRegistry, providerSettingsFromEnv } from './registry.js';
import type { ProviderSettings } from './types.js';

const model = (id: string) => [...TEXT_MODELS, ...IMAGE_MODELS].find((m) => m.id === id) as ModelEntry;
const settings = (overrides: Partial<ProviderSettings> = {}): ProviderSettings => ({
  keys: {},
  baseUrls: {},
  demoMode: true,
  demoTokensPerSecond: 0,
  textTimeoutMs: 60_000,
  imageTimeoutMs: 180_000,
  firstTokenTimeoutMs: 20_000,
  availabilityIntervalMs: 3_600_000,
  ...overrides,
});

describe('provider registry', () => {
  it('uses the real adapter when the provider has a key, and reuses it', () => {
    const registry = createProviderRegistry(settings({ keys: { openai: 'sk-x' } }));
    const a = registry.resolve(model('gpt-4o'));
    const b = registry.resolve(model('dall-e-3'));
    expect(a?.adapter.id).toBe('openai');
    expect(a?.adapter.demo).toBe(false);
    expect(a?.providerModelId).toBe('gpt-4o');
    expect(b?.adapter).toBe(a?.adapter);
  });

  it('sends the re-mapped provider id', () => {
    const registry = createProviderRegistry(settings({ keys: { deepseek: 'k' } }));
    expect(registry.resolve(model('deepseek-chat'))?.providerModelId).toBe('deepseek-flash');
  });

  it('falls back to the demo adapter for a provider without a key', () => {
    const registry = createProviderRegistry(settings({ keys: { openai: 'sk-x' } }));
    const resolved = registry.resolve(model('claude-3-5-sonnet-latest'));
    expect(resolved?.adapter.id).toBe('demo');
    expect(resolved?.adapter.demo).toBe(true);
    expect(registry.resolve(model('flux'))?.adapter).toBe(resolved?.adapter);
  });

  it('hides a model without a key when demo mode is off', () => {
    const registry = createProviderRegistry(settings({ demoMode: false, keys: { openai: 'sk-x' } }));
    expect(registry.resolve(model('grok-2-latest'))).toBeNull();
    expect(registry.resolve(model('gpt-4o'))?.adapter.id).toBe('openai');
  });
});

describe('providerSettingsFromEnv', () => {
  it('reads keys, base URLs and defaults', () => {
    const s = providerSettingsFromEnv({
      OPENAI_API_KEY: 'sk-1',
      OPENAI_BASE_URL: 'http://localhost:9999/v1/',
      REPLICATE_API_TOKEN: 'r8',
      ANTHROPIC_API_KEY: '  ',
    });
    expect(s.keys).toEqual({ openai: 'sk-1', replicate: 'r8' });
    expect(s.baseUrls).toEqual({ openai: 'http://localhost:9999/v1' });
    expect(s).toMatchObject({ demoMode: true, demoTokensPerSecond: 50, textTimeoutMs: 60_000, imageTimeoutMs: 180_000 });
  });

  it('reads demo mode and numbers, and rejects malformed values by name', () => {
    const s = providerSettingsFromEnv({ DEMO_MODE: 'off', DEMO_TOKENS_PER_SECOND: '0', PROVIDER_TEXT_TIMEOUT_MS: '5000' });
    expect(s).toMatchObject({ demoMode: false, demoTokensPerSecond: 0, textTimeoutMs: 5000 });
    expect(() => providerSettingsFromEnv({ DEMO_MODE: 'maybe' })).toThrow(/DEMO_MODE/);
    expect(() => providerSettingsFromEnv({ PROVIDER_IMAGE_TIMEOUT_MS: 'soon' })).toThrow(/PROVIDER_IMAGE_TIMEOUT_MS/);
    expect(() => providerSettingsFromEnv({ XAI_BASE_URL: 'not a url' })).toThrow(/XAI_BASE_URL/);
  });

  it('documents every variable it reads', () => {
    const names = PROVIDER_ENV_VARS.map((v) => v.name);
    for (const name of [
      'OPENAI_API_KEY',
      'GOOGLE_GENERATIVE_AI_API_KEY',
      'REPLICATE_API_TOKEN',
      'IDEOGRAM_BASE_URL',
      'DEMO_MODE',
      'PROVIDER_IMAGE_TIMEOUT_MS',
    ]) {
      expect(names).toContain(name);
    }
    expect(names).toHaveLength(20);
  });
});
