import { createXai } from '@ai-sdk/xai';
import { type AdapterSettings, unsupported } from './adapter-settings.js';
import { streamChatCompletions } from './chat-completions-stream.js';
import type { ProviderAdapter } from './types.js';

/** xAI: Grok text through its OpenAI-compatible chat completions. */
export function createXaiAdapter(settings: AdapterSettings): ProviderAdapter {
  return {
    id: 'xai',
    demo: false,
    streamText: (request) =>
      streamChatCompletions(
        (fetch) => createXai({ apiKey: settings.apiKey, baseURL: settings.baseUrl, fetch }).chat(request.providerModelId),
        request,
        settings.textTimeoutMs,
      ),
    generateImage: async () => unsupported('xai', 'images'),
  };
}
