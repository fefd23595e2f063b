import { z } from 'zod';
import { ATTACHMENT_LIMITS } from './attachment-limits.js';
import { text } from './common.js';

/** What kind of file an attachment is. */
export const attachmentKindSchema = z.enum(['image', 'pdf', 'text']);
export type AttachmentKind = z.infer<typeof attachmentKindSchema>;

/** An attachment id: 32 hex digits (128 random bits). */
export const attachmentIdSchema = text().regex(/^[0-9a-f]{32}$/, 'must be an attachment id');

/** An uploaded file as the client sees it. */
export const attachmentInfoSchema = z.object({
  id: z.string(),
  kind: attachmentKindSchema,
  name: z.string(),
  media_type: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Characters of text the model reads (PDF or text file), null for images. */
  text_chars: z.number().int().nullable(),
  /** True when a PDF's text was cut at the cap. */
  truncated: z.boolean(),
  /** The file's own URL (owner only) and, for images, a small preview. */
  url: z.string(),
  thumbnail_url: z.string().nullable(),
});
export type AttachmentInfo = z.infer<typeof attachmentInfoSchema>;

export const uploadAttachmentsResponseSchema = z.object({
  status: z.literal('success'),
  attachments: z.array(attachmentInfoSchema),
});
export type UploadAttachmentsResponse = z.infer<typeof uploadAttachmentsResponseSchema>;

/** The ids chat.php may reference: at most one message's worth, each once. */
export const attachmentIdsSchema = z
  .array(attachmentIdSchema)
  .max(ATTACHMENT_LIMITS.perMessage, `at most ${ATTACHMENT_LIMITS.perMessage} attachments per message`)
  .refine((ids) => new Set(ids).size === ids.length, 'must not repeat an attachment');

/** copy.php: the caller's own attachments (sent or not) to send again; answers fresh unsent copies, in order. */
export const copyAttachmentsRequestSchema = z.object({ ids: attachmentIdsSchema.min(1, 'must name at least one attachment') });
