import { z } from 'zod';
import { text } from './common.js';

/** Limits of attachments: per file, per message, and the cap on a PDF's extracted text. */
export const ATTACHMENT_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  perMessage: 5,
  /** Widest and tallest image accepted, in pixels, and most pixels in all. */
  maxSide: 16_384,
  maxPixels: 50_000_000,
  pdfTextChars: 100_000,
} as const;

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

/** Extensions read as text or code files (UTF-8). */
export const TEXT_FILE_EXTENSIONS: readonly string[] = [
  'txt',
  'md',
  'markdown',
  'csv',
  'tsv',
  'json',
  'jsonl',
  'yaml',
  'yml',
  'toml',
  'ini',
  'xml',
  'html',
  'htm',
  'css',
  'scss',
  'js',
  'mjs',
  'cjs',
  'jsx',
  'ts',
  'tsx',
  'py',
  'rb',
  'go',
  'rs',
  'java',
  'kt',
  'c',
  'h',
  'cpp',
  'hpp',
  'cc',
  'cs',
  'php',
  'swift',
  'sh',
  'bash',
  'zsh',
  'sql',
  'r',
  'lua',
  'pl',
  'scala',
  'dart',
  'vue',
  'svelte',
  'log',
  'env',
  'conf',
  'tex',
];

/** What the file input offers. */
export const ATTACHMENT_ACCEPT = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'application/pdf',
  ...TEXT_FILE_EXTENSIONS.map((e) => `.${e}`),
].join(',');
