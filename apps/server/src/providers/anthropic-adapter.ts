import { createAnthropic } from '@ai-sdk/anthropic';
import { type AdapterSettings, unsupported } from './adapter-settings.js';
import { streamSdkText } from './sdk-text-stream.js';
import type { ProviderAdapter } from './types.js';

/** Anthropic: text through the Messages API. */
export function createAnthropicAdapter(settings: AdapterSettings): ProviderAdapter {
  const anthropic = createAnthropic({ apiKey: settings.apiKey, baseURL: settings.baseUrl });
  return {
    id: 'anthropic',
    demo: false,
    streamText: (request) =>
      streamSdkText(anthropic(request.providerModelId), request, settings.textTimeoutMs, { pdf: 'file', text: 'file' }),
    generateImage: async () => unsupported('anthropic', 'images'),
  };
}
