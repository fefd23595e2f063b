import { createDeepSeek } from '@ai-sdk/deepseek';
import { type AdapterSettings, unsupported } from './adapter-settings.js';
import { streamSdkText } from './sdk-text-stream.js';
import type { ProviderAdapter } from './types.js';

/** DeepSeek: text through its OpenAI-compatible chat completions. */
export function createDeepSeekAdapter(settings: AdapterSettings): ProviderAdapter {
  const deepseek = createDeepSeek({ apiKey: settings.apiKey, baseURL: settings.baseUrl });
  return {
    id: 'deepseek',
    demo: false,
    streamText: (request) => streamSdkText(deepseek.chat(request.providerModelId), request, settings.textTimeoutMs),
    generateImage: async () => unsupported('deepseek', 'images'),
  };
}
