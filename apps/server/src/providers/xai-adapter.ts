import { createXai } from '@ai-sdk/xai';
import { type AdapterSettings, unsupported } from './adapter-settings.js';
import { streamSdkText } from './sdk-text-stream.js';
import type { ProviderAdapter } from './types.js';

/** xAI: Grok text through its OpenAI-compatible chat completions. */
export function createXaiAdapter(settings: AdapterSettings): ProviderAdapter {
  const xai = createXai({ apiKey: settings.apiKey, baseURL: settings.baseUrl });
  return {
    id: 'xai',
    demo: false,
    streamText: (request) => streamSdkText(xai.chat(request.providerModelId), request, settings.textTimeoutMs),
    generateImage: async () => unsupported('xai', 'images'),
  };
}
