import type { ModelEntry, ProviderId } from '@ensemble/shared';
import { createDemoAdapter } from './demo.js';
import { createProviderAdapter, PROVIDER_DESCRIPTORS } from './descriptors.js';
import type { ProviderAdapter, ProviderSettings } from './types.js';

export { PROVIDER_ENV_VARS, providerSettingsFromEnv } from './provider-env.js';

/** The adapter that serves a model and the id to send it. */
export interface ResolvedModel {
  adapter: ProviderAdapter;
  providerModelId: string;
}

/** Picks the adapter for each catalogue model. */
export interface ProviderRegistry {
  /** The real adapter when the model's provider has a key, else the demo one in demo mode, else null (hide the model). */
  resolve(model: ModelEntry): ResolvedModel | null;
  /** The settings the registry was built from (keys, base URLs, timeouts). */
  readonly settings: ProviderSettings;
}

/** Builds the registry; each adapter is created on first use and reused after. */
export function createProviderRegistry(settings: ProviderSettings): ProviderRegistry {
  const adapters = new Map<ProviderId, ProviderAdapter>();
  let demo: ProviderAdapter | undefined;

  const realAdapter = (provider: ProviderId, apiKey: string): ProviderAdapter => {
    let adapter = adapters.get(provider);
    if (!adapter) {
      adapter = createProviderAdapter(provider, {
        apiKey,
        baseUrl: settings.baseUrls[provider],
        textTimeoutMs: settings.textTimeoutMs,
        imageTimeoutMs: settings.imageTimeoutMs,
      });
      adapters.set(provider, adapter);
    }
    return adapter;
  };

  return {
    settings,
    resolve(model) {
      const providerModelId = model.model_id ?? model.id;
      const apiKey = settings.keys[model.provider];
      if (apiKey && Object.hasOwn(PROVIDER_DESCRIPTORS, model.provider))
        return { adapter: realAdapter(model.provider, apiKey), providerModelId };
      if (!settings.demoMode) return null;
      demo ??= createDemoAdapter({ tokensPerSecond: settings.demoTokensPerSecond });
      return { adapter: demo, providerModelId };
    },
  };
}
