import { createDeepSeek } from '@ai-sdk/deepseek';
import { createXai, xaiTools } from '@ai-sdk/xai';
import type { ProviderId } from '@ensemble/shared';
import type { AdapterSettings } from './adapter-settings.js';
import { createAnthropicAdapter } from './anthropic-adapter.js';
import { createGoogleAdapter } from './google-adapter.js';
import { createIdeogramAdapter } from './ideogram-adapter.js';
import { createOpenAIAdapter } from './openai-adapter.js';
import { createOpenAICompatibleAdapter } from './openai-compatible-adapter.js';
import { xaiSearch } from './native-search.js';
import { createReplicateAdapter } from './replicate-adapter.js';
import type { ProviderAdapter } from './types.js';

/** How a provider says which models it serves (model-listing.ts); null when it publishes no list. */
export type ListingForm = 'openai' | 'anthropic' | 'google' | 'replicate' | null;

/**
 * Everything the server knows about one provider, in one place: its environment variables, its endpoint, how its
 * models are listed and its adapter. Its id and user-facing label are shared with the web app
 * (packages/shared/src/models/catalogue.ts), its models are catalogue rows. A provider that speaks OpenAI's Chat
 * Completions needs no adapter file of its own (createOpenAICompatibleAdapter).
 */
export interface ProviderDescriptor {
  /** The variable holding its API key; without one its rows use the demo provider (or are hidden). */
  keyVar: string;
  /** The variable overriding its base URL (a proxy, a compatible server, a test fake). */
  baseUrlVar: string;
  defaultBaseUrl: string;
  listing: ListingForm;
  /** The provider runs web searches itself, through its adapter (issue 38); others use our own search. */
  webSearch: boolean;
  create(settings: AdapterSettings): ProviderAdapter;
}

export const PROVIDER_DESCRIPTORS = {
  openai: {
    keyVar: 'OPENAI_API_KEY',
    baseUrlVar: 'OPENAI_BASE_URL',
    defaultBaseUrl: 'https://api.openai.com/v1',
    listing: 'openai',
    webSearch: true,
    create: createOpenAIAdapter,
  },
  anthropic: {
    keyVar: 'ANTHROPIC_API_KEY',
    baseUrlVar: 'ANTHROPIC_BASE_URL',
    defaultBaseUrl: 'https://api.anthropic.com/v1',
    listing: 'anthropic',
    webSearch: true,
    create: createAnthropicAdapter,
  },
  google: {
    keyVar: 'GOOGLE_GENERATIVE_AI_API_KEY',
    baseUrlVar: 'GOOGLE_BASE_URL',
    defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta',
    listing: 'google',
    webSearch: true,
    create: createGoogleAdapter,
  },
  xai: {
    keyVar: 'XAI_API_KEY',
    baseUrlVar: 'XAI_BASE_URL',
    defaultBaseUrl: 'https://api.x.ai/v1',
    listing: 'openai',
    webSearch: true,
    create: createOpenAICompatibleAdapter(
      'xai',
      ({ apiKey, baseUrl }, fetch, model) => createXai({ apiKey, baseURL: baseUrl, fetch }).chat(model),
      {},
      // Live Search (search_parameters) answers 410 Gone; web search is a tool of the Responses API now.
      { model: ({ apiKey, baseUrl }, model) => createXai({ apiKey, baseURL: baseUrl }).responses(model), form: xaiSearch(xaiTools) },
    ),
  },
  deepseek: {
    keyVar: 'DEEPSEEK_API_KEY',
    baseUrlVar: 'DEEPSEEK_BASE_URL',
    defaultBaseUrl: 'https://api.deepseek.com',
    listing: 'openai',
    webSearch: false,
    create: createOpenAICompatibleAdapter(
      'deepseek',
      ({ apiKey, baseUrl }, fetch, model) => createDeepSeek({ apiKey, baseURL: baseUrl, fetch }).chat(model),
      // @ai-sdk/deepseek concatenates a user turn's text parts with nothing between them.
      { oneText: true },
    ),
  },
  replicate: {
    keyVar: 'REPLICATE_API_TOKEN',
    baseUrlVar: 'REPLICATE_BASE_URL',
    defaultBaseUrl: 'https://api.replicate.com/v1',
    listing: 'replicate',
    webSearch: false,
    create: createReplicateAdapter,
  },
  ideogram: {
    keyVar: 'IDEOGRAM_API_KEY',
    baseUrlVar: 'IDEOGRAM_BASE_URL',
    defaultBaseUrl: 'https://api.ideogram.ai',
    listing: null,
    webSearch: false,
    create: createIdeogramAdapter,
  },
} as const satisfies Record<ProviderId, ProviderDescriptor>;

/** A provider's adapter, made with its settings; without a base URL it calls the provider's own endpoint. */
export function createProviderAdapter(
  provider: ProviderId,
  settings: Omit<AdapterSettings, 'baseUrl'> & { baseUrl?: string | undefined },
): ProviderAdapter {
  const descriptor: ProviderDescriptor = PROVIDER_DESCRIPTORS[provider];
  return descriptor.create({ ...settings, baseUrl: settings.baseUrl ?? descriptor.defaultBaseUrl });
}
