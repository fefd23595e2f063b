import { z } from 'zod';

/**
 * Ensemble's own export format, version 1 (documented in docs/export-format.md). A reader checks
 * `format` and `version`; a later version adds fields and raises `version` only for breaking changes.
 */
export const EXPORT_FORMAT_VERSION = 1;

/** A stored file inside the export zip: its path there, its type and size. */
export const exportFileSchema = z.object({
  path: z.string(),
  media_type: z.string(),
  byte_size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});

export const exportMessageSchema = z.object({
  id: z.number(),
  /** The message this one follows (null: a first message); edits and regenerations make branches. */
  parent_id: z.number().nullable(),
  role: z.enum(['user', 'assistant']),
  type: z.enum(['text', 'image']),
  content: z.string(),
  model: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  /** For an image reply, the image file in the zip (null when it is not in this export). */
  image: exportFileSchema.nullable(),
});

export const exportThreadSchema = z.object({
  id: z.number(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  system_prompt: z.string().nullable(),
  temperature: z.number().nullable(),
  max_output_tokens: z.number().nullable(),
  /** The ids of the branch the thread shows, oldest first; `messages` holds every branch. */
  shown_branch: z.array(z.number()),
  messages: z.array(exportMessageSchema),
  /** Where the account keeps it (issue 42): its folder (an id of the export's `folders`), pinned, archived. */
  folder_id: z.number().nullable().optional(),
  pinned: z.boolean().optional(),
  archived: z.boolean().optional(),
});
export type ExportThread = z.infer<typeof exportThreadSchema>;

/** thread.json of a thread export. */
export const threadExportSchema = z.object({
  format: z.literal('ensemble.thread'),
  version: z.literal(EXPORT_FORMAT_VERSION),
  exported_at: z.string(),
  thread: exportThreadSchema,
});

/** account.json of "Download my data"; threads, images, activity and ledger sit beside it. */
export const accountExportSchema = z.object({
  format: z.literal('ensemble.account'),
  version: z.literal(EXPORT_FORMAT_VERSION),
  exported_at: z.string(),
  account: z.object({
    id: z.number(),
    email: z.string(),
    username: z.string(),
    signs_in_with: z.array(z.enum(['password', 'google'])),
    plan: z.string(),
    subscription_status: z.string(),
    credits: z.number(),
    credits_used: z.number(),
    default_system_prompt: z.string().nullable(),
    created_at: z.string(),
  }),
  threads: z.array(exportThreadSchema),
  images: z.array(
    exportFileSchema.extend({
      id: z.string(),
      prompt: z.string(),
      model: z.string().nullable(),
      aspect_ratio: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  /** The account's saved assistants (issue 40); its icon as a data: URL (a 128×128 WebP), null when none. */
  assistants: z
    .array(
      z.object({
        id: z.number(),
        name: z.string(),
        emoji: z.string().nullable(),
        icon: z.string().nullable(),
        description: z.string(),
        model_id: z.string(),
        instructions: z.string(),
        temperature: z.number().nullable(),
        max_output_tokens: z.number().nullable(),
        starters: z.array(z.string()),
        web_search: z.boolean(),
        mcp_server_ids: z.array(z.number()),
        featured: z.boolean(),
        shared: z.boolean(),
        created_at: z.string(),
        updated_at: z.string(),
      }),
    )
    .optional(),
  /** The account's folders of chats, top to bottom (issue 42). */
  folders: z.array(z.object({ id: z.number(), name: z.string(), colour: z.string(), position: z.number() })).optional(),
  /** The account's prompt library (issue 42). */
  prompts: z
    .array(
      z.object({
        id: z.number(),
        title: z.string(),
        body: z.string(),
        shared: z.boolean(),
        created_at: z.string(),
        updated_at: z.string(),
      }),
    )
    .optional(),
  activity: z.array(z.object({ type: z.string(), description: z.string(), created_at: z.string() })),
  ledger: z.array(
    z.object({
      delta: z.number(),
      balance_after: z.number(),
      reason: z.string(),
      model: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
