import { createOpenAI } from '@ai-sdk/openai';
import type { AspectRatio } from '@ensemble/shared';
import type { AdapterSettings } from './adapter-settings.js';
import { generateSdkImage } from './sdk-image.js';
import { streamChatCompletions } from './chat-completions-stream.js';
import { openaiSearch } from './native-search.js';
import { streamSdkText } from './sdk-text-stream.js';
import type { ProviderAdapter } from './types.js';

type Size = `${number}x${number}`;

// Each OpenAI image model accepts only a few sizes; these are the nearest to each aspect ratio.
const IMAGE_SIZES: Record<string, Record<AspectRatio, Size>> = {
  'dall-e-3': { wide: '1792x1024', square: '1024x1024', tall: '1024x1792' },
  'gpt-image-1': { wide: '1536x1024', square: '1024x1024', tall: '1024x1536' },
  // dall-e-2 only draws squares.
  'dall-e-2': { wide: '1024x1024', square: '1024x1024', tall: '1024x1024' },
};

/** The size an OpenAI image model is asked for at an aspect ratio. */
export function openaiImageSize(modelId: string, aspectRatio: AspectRatio): Size {
  const sizes = IMAGE_SIZES[modelId] ?? (modelId.startsWith('gpt-image') ? IMAGE_SIZES['gpt-image-1'] : IMAGE_SIZES['dall-e-3']);
  return sizes[aspectRatio];
}

// Chat Completions takes PDFs (only) as `file` parts (developers.openai.com/api/docs/guides/file-inputs).
const DOCUMENTS = { pdf: 'file', text: 'text' } as const;

/**
 * OpenAI: text through Chat Completions, or through the Responses API when the reply searches the web (its
 * `web_search` tool exists only there); images through the images endpoint as base64.
 */
export function createOpenAIAdapter(settings: AdapterSettings): ProviderAdapter {
  const openai = createOpenAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl });
  const search = openaiSearch(openai.tools);
  return {
    id: 'openai',
    demo: false,
    streamText: (request) =>
      request.webSearch
        ? streamSdkText(openai.responses(request.providerModelId), request, settings.textTimeoutMs, DOCUMENTS, search)
        : request.tools?.length
          ? // Tool calls (issue 40): Chat Completions' tool_calls, through the AI SDK's own stream.
            streamSdkText(openai.chat(request.providerModelId), request, settings.textTimeoutMs, DOCUMENTS)
          : streamChatCompletions(
              (fetch) => createOpenAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl, fetch }).chat(request.providerModelId),
              request,
              settings.textTimeoutMs,
              { documents: DOCUMENTS },
            ),
    generateImage: (request) =>
      generateSdkImage({
        model: openai.image(request.providerModelId),
        prompt: request.prompt,
        size: openaiImageSize(request.providerModelId, request.aspectRatio),
        signal: request.signal,
        timeoutMs: settings.imageTimeoutMs,
      }),
  };
}
