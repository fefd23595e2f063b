import { z } from 'zod';
import { idSchema, looseBool, userIdSchema, text } from './common.js';
import { MAX_OUTPUT_TOKENS_LIMIT, SYSTEM_PROMPT_MAX } from '../constants.js';
import { threadAssistantSchema } from './assistants.js';

export const threadSchema = z.object({
  id: z.number(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string().optional(),
  user_id: z.number(),
  has_messages: z.boolean(),
  is_anonymous: z.boolean(),
  message_count: z.number().optional(),
  /** The assistant the thread was started with (issue 40); null when none, or when it was deleted. */
  assistant: threadAssistantSchema.nullable().optional(),
  /** Pinned to the top of its list (issue 42); pinned threads come first, in the order the user set. */
  pinned: z.boolean().optional(),
  /** The folder it is in (issue 42); null in the main list. */
  folder_id: z.number().nullable().optional(),
  /** Archived (issue 42): out of the list, in the Archived view. */
  archived: z.boolean().optional(),
});
export type Thread = z.infer<typeof threadSchema>;

export const listThreadsQuerySchema = z.object({
  user_id: userIdSchema,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /**
   * Which threads (issue 42): every one not archived (all, the default), the main list's (none: in no folder), one
   * folder's (its id), or the archived ones (archived). Pinned threads come first, then by latest activity.
   */
  folder: z.union([z.enum(['all', 'none', 'archived']), z.coerce.number().int().min(1).max(2_147_483_647)]).default('all'),
});
export const listThreadsResponseSchema = z.object({
  status: z.literal('success'),
  threads: z.array(threadSchema),
  has_more: z.boolean(),
  message: z.string().optional(),
});
export type ListThreadsResponse = z.infer<typeof listThreadsResponseSchema>;

export const createThreadRequestSchema = z.object({
  user_id: userIdSchema,
  title: text().max(10_000).optional(),
  is_anonymous: looseBool.optional(),
  force: looseBool.optional(),
  /** The new thread's system prompt; left out, an account's default system prompt is used. */
  system_prompt: text().max(SYSTEM_PROMPT_MAX).nullish(),
});
export type CreateThreadRequest = z.input<typeof createThreadRequestSchema>;
export const createThreadResponseSchema = z.object({
  status: z.literal('success'),
  thread_id: z.number(),
  thread: threadSchema,
  reused: z.boolean(),
  message: z.string().optional(),
});
export type CreateThreadResponse = z.infer<typeof createThreadResponseSchema>;

export const deleteThreadQuerySchema = z.object({ thread_id: idSchema, user_id: userIdSchema });

export const updateThreadRequestSchema = z.object({
  thread_id: idSchema,
  user_id: userIdSchema,
  title: text().trim().min(1, 'must not be blank').max(10_000).optional(),
});
export const updateThreadTitleRequestSchema = z.object({
  thread_id: idSchema,
  user_id: userIdSchema,
  title: text().trim().min(1, 'must not be blank').max(10_000),
});
export const threadResponseSchema = z.object({
  status: z.literal('success'),
  success: z.literal(true),
  thread: threadSchema,
});
export type ThreadResponse = z.infer<typeof threadResponseSchema>;

/** A thread's own instructions and parameters; null clears one (the model's default applies). */
export const threadSettingsSchema = z.object({
  system_prompt: text().max(SYSTEM_PROMPT_MAX).nullable(),
  temperature: z.number().min(0).max(2).nullable(),
  max_output_tokens: z.number().int().min(1).max(MAX_OUTPUT_TOKENS_LIMIT).nullable(),
  /** "Search the web" (issue 38): the thread's replies search first, on rows that offer it. */
  web_search: z.boolean(),
  /** The MCP tool servers the thread's replies may call (issue 40); the server keeps only those the caller may use. */
  mcp_server_ids: z.array(idSchema).max(20).optional(),
});
export type ThreadSettings = z.infer<typeof threadSettingsSchema>;

/** Reads (GET, with thread_id) or changes (POST: the fields sent) a thread's settings. */
export const threadSettingsQuerySchema = z.object({ thread_id: idSchema, user_id: userIdSchema });
export const updateThreadSettingsRequestSchema = threadSettingsSchema.partial().extend({ thread_id: idSchema, user_id: userIdSchema });
export const threadSettingsResponseSchema = z.object({
  status: z.literal('success'),
  thread_id: z.number(),
  settings: threadSettingsSchema,
});
export type ThreadSettingsResponse = z.infer<typeof threadSettingsResponseSchema>;

/** The account's default system prompt for new threads (guests keep theirs in the browser). */
export const systemPromptRequestSchema = z.object({ system_prompt: text().max(SYSTEM_PROMPT_MAX).nullable() });
export const systemPromptResponseSchema = z.object({ status: z.literal('success'), system_prompt: z.string().nullable() });
