import { z } from 'zod';
import { creditsInfoSchema, idSchema, looseBool, userIdSchema, text } from './common.js';
import { attachmentIdsSchema } from './attachments.js';
import { clientMetadataSchema, messageMetadataSchema } from './messages.js';

export const chatInputMessageSchema = z.object({
  content: text().max(100_000),
  role: z.enum(['user', 'assistant', 'system']).default('user'),
  type: z.enum(['text', 'image', 'input', 'loading']).optional(),
  // Only the keys a client owns are kept (see clientMetadataSchema).
  metadata: z.union([clientMetadataSchema, text().max(200_000), z.null()]).optional(),
});

export const chatRequestSchema = z
  .object({
    thread_id: idSchema.nullish(),
    user_id: userIdSchema,
    model: text().min(1).max(200),
    stream: looseBool.optional(),
    is_comparison: looseBool.optional(),
    messages: z.array(chatInputMessageSchema).max(500).default([]),
    /** The message the new prompt follows (0: the start of the thread, as a sibling of its first message). Left out, the end of the shown branch. */
    parent_id: z.union([z.literal(0), idSchema]).optional(),
    /** An earlier reply of this thread to answer again: no new prompt; the new reply becomes its sibling version. */
    regenerate_id: idSchema.optional(),
    /** Uploaded attachments the new prompt sends (upload.php ids); charged once, with this message. */
    attachment_ids: attachmentIdsSchema.optional(),
    /** Search the web before answering (issue 38): charged the row's search surcharge, given back when no search ran. */
    web_search: looseBool.optional(),
    /**
     * The first message of a new thread may name an assistant (issue 40, own or featured): the thread takes its
     * instructions, parameters, web search and tool servers as its own settings, and records it.
     */
    assistant_id: idSchema.optional(),
  })
  .refine((b) => b.regenerate_id !== undefined || b.messages.length > 0, {
    path: ['messages'],
    message: 'must hold at least one message',
  })
  .refine((b) => b.regenerate_id === undefined || b.thread_id, { path: ['thread_id'], message: 'is required to regenerate' })
  .refine((b) => b.regenerate_id === undefined || !b.attachment_ids?.length, {
    path: ['attachment_ids'],
    message: 'cannot be sent with regenerate_id',
  })
  .refine((b) => b.regenerate_id === undefined || b.parent_id === undefined, {
    path: ['parent_id'],
    message: 'cannot be sent with regenerate_id',
  });
export type ChatRequest = z.input<typeof chatRequestSchema>;

export const chatDataSchema = z.object({
  id: z.number().nullable(),
  type: z.enum(['text', 'image']),
  role: z.literal('assistant'),
  content: z.string(),
  model: z.string(),
  threadId: z.number().nullable(),
  timestamp: z.string(),
  /** `error` only in a 502 body: the reply was cut mid-way and `content` holds the text so far. */
  status: z.enum(['success', 'streaming', 'credits_exhausted', 'error']),
  message_id: z.number().nullable(),
  user_message_id: z.number().nullable(),
  stream_id: z.string().optional(),
  credits_info: creditsInfoSchema,
  credits_remaining: z.number(),
  credits_used: z.number(),
  metadata: messageMetadataSchema.nullable().optional(),
  thread_update: z.object({ new_title: z.string() }).optional(),
});
export type ChatData = z.infer<typeof chatDataSchema>;

export const chatResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: chatDataSchema,
  credits_info: creditsInfoSchema,
  credits_remaining: z.number(),
  credits_used: z.number(),
  is_first_message: z.boolean().optional(),
  image: z.object({ url: z.string() }).optional(),
  url: z.string().optional(),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

export const stopRequestSchema = z.object({
  stream_id: z.string().regex(/^[0-9a-f]{32}$/, 'must be a stream id'),
});
export type StopRequest = z.infer<typeof stopRequestSchema>;

/** tool_decision.php: Allow (true) or Deny (false) one tool call of a running reply (issue 40). */
export const toolDecisionRequestSchema = z.object({
  stream_id: z.string().regex(/^[0-9a-f]{32}$/, 'must be a stream id'),
  call_id: z.string().min(1).max(200),
  allow: z.boolean(),
});
export type ToolDecisionRequest = z.infer<typeof toolDecisionRequestSchema>;

export const stopResponseSchema = z.object({
  status: z.literal('success'),
  /** False when the reply had already finished: nothing was left to stop. */
  stopped: z.boolean(),
});
export type StopResponse = z.infer<typeof stopResponseSchema>;

export const streamQuerySchema = z.object({
  stream: z.literal('true'),
  model: text().max(200).optional(),
  stream_id: text().min(8).max(128),
});
