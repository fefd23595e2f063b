import { ASPECT_RATIOS } from '@ensemble/shared';
import { type AdapterSettings, unsupported } from './adapter-settings.js';
import { startDeadline } from './call-deadline.js';
import { PROVIDER_MESSAGES } from './provider-error.js';
import { downloadImage, fetchOk, readJson } from './rest-call.js';
import { type GeneratedImage, type ImageGenerationRequest, ProviderError, type ProviderAdapter } from './types.js';

const DEFAULT_BASE_URL = 'https://api.ideogram.ai';

interface IdeogramResponse {
  created?: string;
  data?: { url?: string | null; resolution?: string; is_image_safe?: boolean }[];
}

/** Ideogram: images through its REST generate endpoint (the AI SDK has no Ideogram provider). */
export function createIdeogramAdapter(settings: AdapterSettings): ProviderAdapter {
  const baseUrl = (settings.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');

  async function generate(request: ImageGenerationRequest): Promise<GeneratedImage> {
    const deadline = startDeadline(request.signal, settings.imageTimeoutMs, 'image');
    try {
      const response = await fetchOk(`${baseUrl}/generate`, {
        method: 'POST',
        headers: { 'Api-Key': settings.apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          image_request: {
            prompt: request.prompt,
            model: request.providerModelId,
            aspect_ratio: `ASPECT_${ASPECT_RATIOS[request.aspectRatio].ratio.replace(':', '_')}`,
          },
        }),
        signal: deadline.signal,
      });
      const answer = await readJson<IdeogramResponse>(response);
      const first = answer.data?.[0];
      // An image Ideogram itself marks unsafe is never shown, with or without a URL.
      if (first && first.is_image_safe === false) {
        throw new ProviderError('content_filter', PROVIDER_MESSAGES.contentFilter);
      }
      if (!first?.url) throw new Error('no image url in answer');
      const image = await downloadImage(first.url, deadline.signal);
      const [width, height] = (first.resolution ?? '').split('x').map(Number);
      return { ...image, ...(width && height ? { width, height } : {}) };
    } catch (error) {
      throw deadline.failure(error);
    } finally {
      deadline.dispose();
    }
  }

  return {
    id: 'ideogram',
    demo: false,
    streamText: () => ({
      [Symbol.asyncIterator]: () => ({ next: async () => unsupported('ideogram', 'text') }),
    }),
    generateImage: generate,
  };
}
