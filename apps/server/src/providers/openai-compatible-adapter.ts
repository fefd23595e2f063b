import type { ProviderId } from '@ensemble/shared';
import type { LanguageModel } from 'ai';
import { type AdapterSettings, unsupported } from './adapter-settings.js';
import { DOCUMENTS_AS_TEXT, type DocumentForms, documentText } from './attachment-parts.js';
import { type ChatCompletionsForm, type ChatCompletionsModel, streamChatCompletions } from './chat-completions-stream.js';
import type { NativeSearchForm } from './native-search.js';
import { streamSdkText } from './sdk-text-stream.js';
import type { ChatTurn, ProviderAdapter } from './types.js';

/** A provider's own web search on another endpoint (xAI's Responses API): the model to ask there and its tool. */
export interface CompatibleSearch {
  model(settings: AdapterSettings, modelId: string): LanguageModel;
  form: NativeSearchForm;
}

/**
 * A text-only provider that speaks OpenAI's Chat Completions (xAI, DeepSeek): its own AI SDK package builds the
 * model, our Chat Completions reader carries the stream. `chat` is given the fetch the reader calls through. With
 * `search`, a reply that searches the web goes through the provider's search endpoint instead; one with tools, through
 * the AI SDK's stream.
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
        : request.tools?.length
          ? // Tool calls (issue 40) go through the AI SDK's own stream of the same chat model.
            streamSdkText(
              chat(settings, fetch, request.providerModelId) as unknown as LanguageModel,
              form.oneText
                ? { ...request, messages: request.messages.map((t) => oneText(t, form.documents ?? DOCUMENTS_AS_TEXT)) }
                : request,
              settings.textTimeoutMs,
              form.documents,
            )
          : streamChatCompletions((fetch) => chat(settings, fetch, request.providerModelId), request, settings.textTimeoutMs, form),
    generateImage: async () => unsupported(id, 'images'),
  });
}

/**
 * A user turn whose attachments all go as text, as one text: each document's, then the prompt, apart (as
 * streamChatCompletions sends it for `oneText`; the provider package would join the parts with nothing between them).
 */
function oneText(turn: ChatTurn, documents: DocumentForms): ChatTurn {
  const asFile = (a: NonNullable<ChatTurn['attachments']>[number]) =>
    (a.kind === 'image' && a.bytes) ||
    (a.kind === 'pdf' && a.bytes && documents.pdf === 'file') ||
    (a.kind === 'text' && a.text && documents.text === 'file');
  if (turn.role !== 'user' || !turn.attachments?.length || turn.attachments.some(asFile)) return turn;
  return { ...turn, content: [...turn.attachments.map(documentText), turn.content].join('\n\n'), attachments: [] };
}
