import type { ProviderId } from '@ensemble/shared';
import { type AdapterSettings, unsupported } from './adapter-settings.js';
import { type ChatCompletionsForm, type ChatCompletionsModel, streamChatCompletions } from './chat-completions-stream.js';
import type { ProviderAdapter } from './types.js';

/**
 * A text-only provider that speaks OpenAI's Chat Completions (xAI, DeepSeek): its own AI SDK package builds the
 * model, our Chat Completions reader carries the stream. `chat` is given the fetch the reader calls through.
 */
export function createOpenAICompatibleAdapter(
  id: ProviderId,
  chat: (settings: AdapterSettings, fetch: typeof globalThis.fetch, modelId: string) => ChatCompletionsModel,
  form: ChatCompletionsForm = {},
): (settings: AdapterSettings) => ProviderAdapter {
  return (settings) => ({
    id,
    demo: false,
    streamText: (request) =>
      streamChatCompletions((fetch) => chat(settings, fetch, request.providerModelId), request, settings.textTimeoutMs, form),
    generateImage: async () => unsupported(id, 'images'),
  });
}
