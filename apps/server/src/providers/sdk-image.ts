import { type ImageModel, generateImage } from 'ai';
import { startDeadline } from './call-deadline.js';
import type { GeneratedImage } from './types.js';

/** What one AI SDK image call asks for. */
export interface SdkImageCall {
  model: ImageModel;
  prompt: string;
  size?: `${number}x${number}`;
  aspectRatio?: `${number}:${number}`;
  providerOptions?: Record<string, Record<string, string | number | boolean | null>>;
  /** Only for models that take a seed (the SDK warns about, and drops, a seed elsewhere). */
  seed?: number;
  signal: AbortSignal;
  timeoutMs: number;
}

/** Generates one image through the AI SDK; failures become ProviderError. */
export async function generateSdkImage(call: SdkImageCall): Promise<GeneratedImage> {
  const deadline = startDeadline(call.signal, call.timeoutMs, 'image');
  try {
    const result = await generateImage({
      model: call.model,
      prompt: call.prompt,
      n: 1,
      size: call.size,
      aspectRatio: call.aspectRatio,
      seed: call.seed,
      providerOptions: call.providerOptions,
      abortSignal: deadline.signal,
      maxRetries: 0,
    });
    const [width, height] = call.size ? call.size.split('x').map(Number) : [undefined, undefined];
    return { bytes: result.image.uint8Array, mediaType: result.image.mediaType, width, height };
  } catch (error) {
    throw deadline.failure(error);
  } finally {
    deadline.dispose();
  }
}
