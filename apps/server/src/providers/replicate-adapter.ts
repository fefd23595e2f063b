import { ASPECT_RATIOS, type AspectRatio } from '@ensemble/shared';
import type { AdapterSettings } from './adapter-settings.js';
import { generateReplicateImage } from './replicate-image.js';
import { streamReplicateText } from './replicate-text.js';
import type { ProviderAdapter } from './types.js';

// SDXL takes pixel sizes, not a ratio; these are its trained sizes nearest each ratio.
const SDXL_SIZES: Record<AspectRatio, { width: number; height: number }> = {
  wide: { width: 1344, height: 768 },
  square: { width: 1024, height: 1024 },
  tall: { width: 768, height: 1344 },
};

/**
 * Replicate: language models through the predictions event stream, images through predictions
 * that are polled to their end. The provider model id is owner/name (or owner/name:version).
 */
export function createReplicateAdapter(settings: AdapterSettings & { pollIntervalMs?: number }): ProviderAdapter {
  const baseUrl = settings.baseUrl.replace(/\/+$/, '');
  return {
    id: 'replicate',
    demo: false,
    streamText: (request) =>
      streamReplicateText(request.providerModelId, request, {
        apiToken: settings.apiKey,
        baseUrl,
        timeoutMs: settings.textTimeoutMs,
      }),
    generateImage: (request) => {
      const modelRef = request.providerModelId;
      const sized = modelRef.startsWith('stability-ai/sdxl');
      const input = {
        prompt: request.prompt,
        // Flux and SDXL take input.seed, so each generation draws a new picture.
        ...(request.seed !== undefined ? { seed: request.seed } : {}),
        ...(sized ? SDXL_SIZES[request.aspectRatio] : { aspect_ratio: ASPECT_RATIOS[request.aspectRatio].ratio }),
      };
      return generateReplicateImage(modelRef, input, request.signal, {
        apiToken: settings.apiKey,
        baseUrl,
        timeoutMs: settings.imageTimeoutMs,
        pollIntervalMs: settings.pollIntervalMs,
      });
    },
  };
}
