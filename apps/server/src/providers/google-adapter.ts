import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { type AdapterSettings, unsupported } from './adapter-settings.js';
import { googleSearch } from './native-search.js';
import { streamSdkText } from './sdk-text-stream.js';
import type { ProviderAdapter } from './types.js';

/** Google: Gemini text through the Generative Language API, grounded with Google Search when a reply searches. */
export function createGoogleAdapter(settings: AdapterSettings): ProviderAdapter {
  const google = createGoogleGenerativeAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl });
  const search = googleSearch(google.tools);
  return {
    id: 'google',
    demo: false,
    // Gemini reads PDFs itself (ai.google.dev/gemini-api/docs/document-processing: inlineData, application/pdf).
    streamText: (request) =>
      streamSdkText(google(request.providerModelId), request, settings.textTimeoutMs, { pdf: 'file', text: 'text' }, search),
    generateImage: async () => unsupported('google', 'images'),
  };
}
