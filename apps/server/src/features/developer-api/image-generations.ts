import { ASPECT_RATIOS, type AspectRatio, type ModelEntry } from '@ensemble/shared';
import { z } from 'zod';
import { openaiImageSize } from '../../providers/openai-adapter.js';
import { invalidRequest, unsupportedParameter } from './openai-errors.js';

/** `POST /v1/images/generations`: OpenAI's request, as far as we support it. */
export const imageGenerationRequestSchema = z
  .looseObject({
    model: z.string().min(1).max(200).describe('An image model id from GET /v1/models.'),
    prompt: z.string().trim().min(1).max(4000),
    n: z.number().int().min(1).nullable().optional().describe('Only 1 is supported.'),
    size: z.string().max(20).nullable().optional().describe('"auto" or one of the sizes the model accepts (GET /v1/models lists them).'),
    response_format: z
      .enum(['b64_json', 'url'])
      .nullable()
      .optional()
      .describe('b64_json (the default) or url: a signed URL valid for 60 minutes; the image is kept for 24 hours.'),
    user: z.string().max(256).optional(),
  })
  .describe('An OpenAI image generation request.');
export type ImageGenerationRequest = z.infer<typeof imageGenerationRequestSchema>;

const SUPPORTED = new Set(['model', 'prompt', 'n', 'size', 'response_format', 'user']);

/** The sizes an image row accepts, one per aspect ratio (an OpenAI row's own; others draw at ours). */
export function acceptedSizes(model: Pick<ModelEntry, 'id' | 'provider' | 'model_id'>): Map<string, AspectRatio> {
  const sizes = new Map<string, AspectRatio>();
  for (const ratio of Object.keys(ASPECT_RATIOS) as AspectRatio[]) {
    const size =
      model.provider === 'openai' ? openaiImageSize(model.id, ratio) : `${ASPECT_RATIOS[ratio].width}x${ASPECT_RATIOS[ratio].height}`;
    if (!sizes.has(size)) sizes.set(size, ratio);
  }
  return sizes;
}

/** Checks an image call's parameters: answers the aspect ratio its size asks for. */
export function imageAspectRatio(body: ImageGenerationRequest, model: ModelEntry): AspectRatio {
  for (const [key, value] of Object.entries(body)) {
    if (!SUPPORTED.has(key) && value !== null && value !== undefined) throw unsupportedParameter(key);
  }
  if (typeof body.n === 'number' && body.n > 1) throw unsupportedParameter('n', 'Only n=1 is supported: ask again for another image.');
  if (!body.size || body.size === 'auto') return 'square';
  const sizes = acceptedSizes(model);
  const ratio = sizes.get(body.size);
  if (!ratio) throw invalidRequest(`${model.id} accepts the sizes ${[...sizes.keys()].join(', ')} (or auto).`, 'size', 'invalid_size');
  return ratio;
}
