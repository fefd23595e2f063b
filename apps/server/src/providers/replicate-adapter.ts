import { createReplicate } from '@ai-sdk/replicate';
import { ASPECT_RATIOS, type AspectRatio } from '@ensemble/shared';
import type { AdapterSettings } from './adapter-settings.js';
import { streamReplicateText } from './replicate-text.js';
import { generateSdkImage } from './sdk-image.js';
import type { ProviderAdapter } from './types.js';

const DEFAULT_BASE_URL = 'https://api.replicate.com/v1';

/** Catalogue ids served by Replicate and the Replicate model each one runs. */
export const REPLICATE_MODELS: Record<string, string> = {
  'llama-3.1-405b': 'meta/meta-llama-3.1-405b-instruct',
  flux: 'black-forest-labs/flux-schnell',
  'flux-pro': 'black-forest-labs/flux-pro',
  // SDXL is only published as a versioned model, so the version goes with it.
  sdxl: 'stability-ai/sdxl:7762fd07cf82c948538e41f63f77d685e02b063e37e496e96eefd46c929f9bdc',
};

// SDXL takes pixel sizes, not a ratio; these are its trained sizes nearest each ratio.
const SDXL_SIZES: Record<AspectRatio, { width: number; height: number }> = {
  wide: { width: 1344, height: 768 },
  square: { width: 1024, height: 1024 },
  tall: { width: 768, height: 1344 },
};

/** Replicate: Llama text through the predictions event stream, Flux and SDXL images via the AI SDK. */
export function createReplicateAdapter(settings: AdapterSettings): ProviderAdapter {
  const baseUrl = (settings.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const replicate = createReplicate({ apiToken: settings.apiKey, baseURL: baseUrl });
  const resolveModel = (id: string) => REPLICATE_MODELS[id] ?? id;
  return {
    id: 'replicate',
    demo: false,
    streamText: (request) =>
      streamReplicateText(resolveModel(request.providerModelId), request, {
        apiToken: settings.apiKey,
        baseUrl,
        timeoutMs: settings.textTimeoutMs,
      }),
    generateImage: (request) => {
      const modelId = resolveModel(request.providerModelId);
      const sized = modelId.startsWith('stability-ai/sdxl');
      return generateSdkImage({
        model: replicate.image(modelId),
        prompt: request.prompt,
        aspectRatio: sized ? undefined : (ASPECT_RATIOS[request.aspectRatio].ratio as `${number}:${number}`),
        // Flux and SDXL take input.seed; without one each run would still differ, but explicitly so.
        seed: request.seed,
        providerOptions: {
          replicate: {
            // Replicate holds a synchronous request open at most 60 s.
            maxWaitTimeInSeconds: 60,
            ...(sized ? SDXL_SIZES[request.aspectRatio] : {}),
          },
        },
        signal: request.signal,
        timeoutMs: settings.imageTimeoutMs,
      });
    },
  };
}
