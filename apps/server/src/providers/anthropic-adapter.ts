import { createAnthropic } from '@ai-sdk/anthropic';
import { type AdapterSettings, unsupported } from './adapter-settings.js';
import { anthropicSearch } from './native-search.js';
import { streamSdkText } from './sdk-text-stream.js';
import type { ProviderAdapter } from './types.js';

/** Anthropic: text through the Messages API, with its web search server tool when a reply searches. */
export function createAnthropicAdapter(settings: AdapterSettings): ProviderAdapter {
  const anthropic = createAnthropic({ apiKey: settings.apiKey, baseURL: settings.baseUrl });
  const search = anthropicSearch(anthropic.tools);
  return {
    id: 'anthropic',
    demo: false,
    streamText: (request) =>
      streamSdkText(anthropic(request.providerModelId), request, settings.textTimeoutMs, { pdf: 'file', text: 'file' }, search),
    generateImage: async () => unsupported('anthropic', 'images'),
  };
}
