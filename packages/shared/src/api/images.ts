import { z } from 'zod';
import { idSchema, userIdSchema, text } from './common.js';

export const userImageSchema = z.object({
  id: z.string(),
  image_url: z.string(),
  url: z.string(),
  prompt: z.string(),
  model: z.string().nullable(),
  aspect_ratio: z.string().nullable(),
  width: z.number(),
  height: z.number(),
  created_at: z.string(),
  /** How many of the owner's chats show this image (deleting it leaves "Image deleted" there). */
  chat_count: z.number().int().min(0),
});
export type UserImage = z.infer<typeof userImageSchema>;

export const listImagesRequestSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  user_id: userIdSchema,
});
export const listImagesResponseSchema = z.object({
  status: z.literal('success'),
  images: z.array(userImageSchema),
  has_more: z.boolean(),
  message: z.string().optional(),
});
export type ListImagesResponse = z.infer<typeof listImagesResponseSchema>;

export const deleteImageRequestSchema = z.object({ image_id: z.union([text().min(1).max(128), idSchema]), user_id: userIdSchema });
export const downloadImagesRequestSchema = z.object({
  urls: z.array(text().min(1).max(2048)).min(1, 'must name at least one image').max(200),
  user_id: userIdSchema,
});
