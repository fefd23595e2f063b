import { ASPECT_RATIOS } from '@ensemble/shared';
import { type AdapterSettings, unsupported } from './adapter-settings.js';
import { startDeadline } from './call-deadline.js';
import { PROVIDER_MESSAGES } from './provider-error.js';
import { downloadImage, fetchOk, readJson } from './rest-call.js';
import { type GeneratedImage, type ImageGenerationRequest, ProviderError, type ProviderAdapter } from './types.js';

// Ideogram 3.0 has one model and four speeds; our provider model id names the speed (V_3 is DEFAULT).
const MODEL_ID = /^V_3(?:_(TURBO|DEFAULT|QUALITY))?$/;

interface IdeogramResponse {
  created?: string;
  data?: { url?: string | null; resolution?: string; is_image_safe?: boolean }[];
}

/**
 * Ideogram: images through its Ideogram 3.0 REST endpoint, POST /v1/ideogram-v3/generate with a
 * multipart form (the AI SDK has no Ideogram provider). Provider model ids: V_3 or V_3_<SPEED>.
 */
export function createIdeogramAdapter(settings: AdapterSettings): ProviderAdapter {
  const baseUrl = settings.baseUrl.replace(/\/+$/, '');

  async function generate(request: ImageGenerationRequest): Promise<GeneratedImage> {
    const deadline = startDeadline(request.signal, settings.imageTimeoutMs, 'image');
    try {
      const model = MODEL_ID.exec(request.providerModelId);
      if (!model) throw new ProviderError('model_not_found', PROVIDER_MESSAGES.imageFailed);
      const form = new FormData();
      form.set('prompt', request.prompt);
      form.set('aspect_ratio', ASPECT_RATIOS[request.aspectRatio].ratio.replace(':', 'x'));
      form.set('rendering_speed', model[1] ?? 'DEFAULT');
      if (request.seed !== undefined) form.set('seed', String(request.seed));
      // fetch writes the multipart boundary into Content-Type itself.
      const response = await fetchOk(`${baseUrl}/v1/ideogram-v3/generate`, {
        method: 'POST',
        headers: { 'Api-Key': settings.apiKey },
        body: form,
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
