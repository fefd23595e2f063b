import { ATTACHMENT_LIMITS, type ModelEntry, acceptsImages } from '@ensemble/shared';
import { z } from 'zod';
import type { ChatTurn, TurnAttachment } from '../../providers/types.js';
import { readImageHeader } from '../images/image-header.js';
import { invalidRequest, unsupportedParameter } from './openai-errors.js';

const textPart = z.object({ type: z.literal('text'), text: z.string() });
const imagePart = z.object({
  type: z.literal('image_url'),
  image_url: z.object({ url: z.string(), detail: z.enum(['auto', 'low', 'high']).optional() }),
});
const content = z.union([z.string(), z.array(z.union([textPart, imagePart])).min(1)]);

const message = z.union([
  z.object({
    role: z.enum(['system', 'developer']),
    content: z.union([z.string(), z.array(textPart).min(1)]),
    name: z.string().optional(),
  }),
  z.object({ role: z.literal('user'), content, name: z.string().optional() }),
  z.object({
    role: z.literal('assistant'),
    content: z.union([z.string(), z.array(textPart).min(1)]),
    name: z.string().optional(),
    refusal: z.string().nullable().optional(),
  }),
]);

/** The parameters we honour; any other (or `n` above 1) is answered 400 unsupported_parameter, never ignored. */
const SUPPORTED = new Set([
  'model',
  'messages',
  'stream',
  'stream_options',
  'temperature',
  'max_tokens',
  'max_completion_tokens',
  'stop',
  'n',
  'user',
]);

/** `POST /v1/chat/completions`: OpenAI's request, as far as we support it. */
export const chatCompletionRequestSchema = z
  .looseObject({
    model: z.string().min(1).max(200).describe('A model id from GET /v1/models.'),
    messages: z
      .array(message)
      .min(1)
      .max(500)
      .describe('The conversation: system (or developer), user and assistant messages. User messages may carry images as data: URLs.'),
    stream: z.boolean().nullable().optional().describe('Stream the reply as server-sent events of chat.completion.chunk objects.'),
    stream_options: z
      .object({ include_usage: z.boolean().optional() })
      .nullable()
      .optional()
      .describe('With include_usage, a last chunk before [DONE] carries the usage.'),
    temperature: z.number().min(0).max(2).nullable().optional(),
    max_tokens: z
      .number()
      .int()
      .min(1)
      .nullable()
      .optional()
      .describe('Deprecated by OpenAI in favour of max_completion_tokens; both work.'),
    max_completion_tokens: z.number().int().min(1).nullable().optional(),
    stop: z
      .union([z.string().min(1), z.array(z.string().min(1)).max(4)])
      .nullable()
      .optional()
      .describe('Up to 4 sequences where the reply stops.'),
    n: z.number().int().min(1).nullable().optional().describe('Only 1 is supported.'),
    user: z.string().max(256).optional(),
  })
  .describe('An OpenAI Chat Completions request.');
export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>;

/** Refuses, by name, the first parameter we do not support (a caller who set it would otherwise be silently ignored). */
export function assertSupported(body: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(body)) {
    if (!SUPPORTED.has(key) && value !== null && value !== undefined) throw unsupportedParameter(key);
  }
  if (typeof body.n === 'number' && body.n > 1) throw unsupportedParameter('n', 'Only n=1 is supported: ask again for another choice.');
}

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]+)$/i;

/** The call's messages as the turns a model reads; images (data: URLs only) become the user turn's attachments. */
export function toTurns(messages: ChatCompletionRequest['messages'], model: ModelEntry): { turns: ChatTurn[]; images: number } {
  let images = 0;
  const turns = messages.map((m, index): ChatTurn => {
    const role = m.role === 'developer' ? 'system' : m.role;
    if (typeof m.content === 'string') return { role, content: m.content };
    const texts: string[] = [];
    const attachments: TurnAttachment[] = [];
    for (const [partIndex, part] of m.content.entries()) {
      if (part.type === 'text') {
        texts.push(part.text);
        continue;
      }
      const param = `messages.${index}.content.${partIndex}.image_url.url`;
      const found = DATA_URL.exec(part.image_url.url);
      if (!found)
        throw invalidRequest(
          'Only data: URLs (base64) are accepted for images; fetch the image and send its bytes.',
          param,
          'invalid_image_url',
        );
      if (!acceptsImages(model))
        throw invalidRequest(`${model.name} cannot see images; choose a model that accepts images.`, param, 'image_not_supported');
      images++;
      if (images > ATTACHMENT_LIMITS.perMessage) throw invalidRequest(`At most ${ATTACHMENT_LIMITS.perMessage} images per request.`, param);
      const bytes = new Uint8Array(Buffer.from((found[2] ?? '').replace(/\s+/g, ''), 'base64'));
      if (bytes.byteLength > ATTACHMENT_LIMITS.maxBytes)
        throw invalidRequest(`An image may be at most ${ATTACHMENT_LIMITS.maxBytes} bytes.`, param);
      const header = readImageHeader(bytes);
      if (!header) throw invalidRequest('The image is not a PNG, JPEG or WebP image.', param, 'invalid_image');
      if (Math.max(header.width, header.height) > ATTACHMENT_LIMITS.maxSide || header.width * header.height > ATTACHMENT_LIMITS.maxPixels)
        throw invalidRequest(`An image may be at most ${ATTACHMENT_LIMITS.maxSide} pixels a side.`, param, 'invalid_image');
      attachments.push({
        kind: 'image',
        name: `image-${images}.${header.ext}`,
        mediaType: header.mediaType,
        size: bytes.byteLength,
        bytes,
      });
    }
    return { role, content: texts.join('\n'), ...(attachments.length ? { attachments } : {}) };
  });
  return { turns, images };
}

/** The call's stop sequences as a list (a single string is one). */
export function stopSequences(stop: ChatCompletionRequest['stop']): string[] | null {
  if (stop === null || stop === undefined) return null;
  return typeof stop === 'string' ? [stop] : stop;
}
