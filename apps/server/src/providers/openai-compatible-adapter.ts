import type { ProviderId } from '@ensemble/shared';
import type { LanguageModel } from 'ai';
import { type AdapterSettings, unsupported } from './adapter-settings.js';
import { type ChatCompletionsForm, type ChatCompletionsModel, streamChatCompletions } from './chat-completions-stream.js';
import type { NativeSearchForm } from './native-search.js';
import { streamSdkText } from './sdk-text-stream.js';
import type { ProviderAdapter } from './types.js';

/** A provider's own web search on another endpoint (xAI's Responses API): the model to ask there and its tool. */
export interface CompatibleSearch {
  model(settings: AdapterSettings, modelId: string): LanguageModel;
  form: NativeSearchForm;
}

/**
 * A text-only provider that speaks OpenAI's Chat Completions (xAI, DeepSeek): its own AI SDK package builds the
 * model, our Chat Completions reader carries the stream. `chat` is given the fetch the reader calls through. With
 * `search`, a reply that searches the web goes through the provider's search endpoint instead.
 */
export function createOpenAICompatibleAdapter(
  id: ProviderId,
  chat: (settings: AdapterSettings, fetch: typeof globalThis.fetch, modelId: string) => ChatCompletionsModel,
  form: ChatCompletionsForm = {},
  search?: CompatibleSearch,
): (settings: AdapterSettings) => ProviderAdapter {
  return (settings) => ({
    id,
    demo: false,
    streamText: (request) =>
      search && request.webSearch
        ? streamSdkText(search.model(settings, request.providerModelId), request, settings.textTimeoutMs, undefined, search.form)
        : streamChatCompletions((fetch) => chat(settings, fetch, request.providerModelId), request, settings.textTimeoutMs, form),
    generateImage: async () => unsupported(id, 'images'),
  });
}
