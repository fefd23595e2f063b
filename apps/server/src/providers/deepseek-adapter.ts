import { createDeepSeek } from '@ai-sdk/deepseek';
import { type AdapterSettings, unsupported } from './adapter-settings.js';
import { streamChatCompletions } from './chat-completions-stream.js';
import type { ProviderAdapter } from './types.js';

/** DeepSeek: text through its OpenAI-compatible chat completions. */
export function createDeepSeekAdapter(settings: AdapterSettings): ProviderAdapter {
  return {
    id: 'deepseek',
    demo: false,
    streamText: (request) =>
      streamChatCompletions(
        (fetch) => createDeepSeek({ apiKey: settings.apiKey, baseURL: settings.baseUrl, fetch }).chat(request.providerModelId),
        request,
        settings.textTimeoutMs,
        // @ai-sdk/deepseek concatenates a user turn's text parts with nothing between them.
        { oneText: true },
      ),
    generateImage: async () => unsupported('deepseek', 'images'),
  };
}
