import type { ProviderId } from '@ensemble/shared';
import { startAnthropicFake } from './anthropic-fake.js';
import type { FakeServer } from './fake-server.js';
import { startGoogleFake } from './google-fake.js';
import { startIdeogramFake } from './ideogram-fake.js';
import { startOpenAIFake } from './openai-fake.js';
import { startReplicateFake } from './replicate-fake.js';

export type { FakeBehaviour, FakeSearch, FakeServer, RecordedRequest } from './fake-server.js';
export { DEFAULT_CHUNKS, DEFAULT_SEARCH, RAW_BODY_MARKER } from './fake-server.js';

/** A running fake and the base URL an adapter (or *_BASE_URL) should be given to reach it. */
export interface ProviderFake {
  fake: FakeServer;
  baseUrl: string;
}

/** Starts the fake of one provider; stop it with `fake.close()`. */
export async function startProviderFake(provider: ProviderId): Promise<ProviderFake> {
  switch (provider) {
    case 'openai':
    case 'xai': {
      const fake = await startOpenAIFake({ prefix: '/v1', flavour: provider });
      return { fake, baseUrl: `${fake.url}/v1` };
    }
    case 'deepseek': {
      const fake = await startOpenAIFake({ prefix: '', flavour: 'deepseek' });
      return { fake, baseUrl: fake.url };
    }
    case 'anthropic': {
      const fake = await startAnthropicFake();
      return { fake, baseUrl: `${fake.url}/v1` };
    }
    case 'google': {
      const fake = await startGoogleFake();
      return { fake, baseUrl: `${fake.url}/v1beta` };
    }
    case 'replicate': {
      const fake = await startReplicateFake();
      return { fake, baseUrl: `${fake.url}/v1` };
    }
    case 'ideogram': {
      const fake = await startIdeogramFake();
      return { fake, baseUrl: fake.url };
    }
  }
}

/** Starts one fake per provider, e.g. for an app test that sets every *_BASE_URL. */
export async function startAllProviderFakes(providers: readonly ProviderId[]): Promise<{
  fakes: Partial<Record<ProviderId, ProviderFake>>;
  closeAll(): Promise<void>;
}> {
  const fakes: Partial<Record<ProviderId, ProviderFake>> = {};
  for (const provider of providers) fakes[provider] = await startProviderFake(provider);
  return {
    fakes,
    closeAll: async () => {
      await Promise.all(Object.values(fakes).map((f) => f?.fake.close()));
    },
  };
}

const ENV_NAMES: Record<ProviderId, [key: string, baseUrl: string]> = {
  openai: ['OPENAI_API_KEY', 'OPENAI_BASE_URL'],
  anthropic: ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL'],
  google: ['GOOGLE_GENERATIVE_AI_API_KEY', 'GOOGLE_BASE_URL'],
  xai: ['XAI_API_KEY', 'XAI_BASE_URL'],
  deepseek: ['DEEPSEEK_API_KEY', 'DEEPSEEK_BASE_URL'],
  replicate: ['REPLICATE_API_TOKEN', 'REPLICATE_BASE_URL'],
  ideogram: ['IDEOGRAM_API_KEY', 'IDEOGRAM_BASE_URL'],
};

/** The key and base-URL variables that point each started fake's provider at it. */
export function fakeProviderEnv(fakes: Partial<Record<ProviderId, ProviderFake>>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [provider, fake] of Object.entries(fakes) as [ProviderId, ProviderFake][]) {
    const [key, baseUrl] = ENV_NAMES[provider];
    env[key] = `test-key-${provider}`;
    env[baseUrl] = fake.baseUrl;
  }
  return env;
}
