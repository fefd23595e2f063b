import { ATTACHMENT_LIMITS } from './attachment-limits.js';
import { attachmentInfoSchema } from './attachments.js';
import { z } from 'zod';
import { idSchema, userIdSchema, text } from './common.js';
import { threadAssistantSchema } from './assistants.js';

/** A page a reply's web search found: its [n] is its place in the list, from 1. */
export const webSourceSchema = z.object({ url: text().max(2048), title: text().max(300) });
export type WebSource = z.infer<typeof webSourceSchema>;

/** How a tool step of a reply ended (issue 40). */
export const TOOL_STEP_STATUSES = ['ok', 'error', 'denied', 'timeout', 'stopped'] as const;

/**
 * One tool call of a reply (issue 40), as its metadata keeps it: the tool, the server that ran it, the arguments the
 * model gave, the result (cut at 16 KB) and how long it took. Server-owned: a client never writes it.
 */
export const toolStepSchema = z.object({
  call_id: text().max(200),
  tool: text().max(200),
  server: text().max(200),
  args: z.unknown(),
  result: text().max(20_000),
  ms: z.number(),
  status: z.enum(TOOL_STEP_STATUSES),
  /** Set when the result was cut at the saved size. */
  truncated: z.boolean().optional(),
});
export type ToolStep = z.infer<typeof toolStepSchema>;

export const messageMetadataSchema = z
  .object({
    aspectRatio: text().max(16).optional(),
    prompt: text().max(100_000).optional(),
    demo: z.boolean().optional(),
    provider: text().optional(),
    width: z.number().optional(),
    height: z.number().optional(),
    image_id: text().optional(),
    /** The catalogue row that really answered, when a fallback did. */
    answered_by: text().optional(),
    /** "Answered by {fallback} because {model} was unavailable", when a fallback answered. */
    fallback_note: text().optional(),
    /** Credits this reply was charged (issue 14). */
    credits: z.number().optional(),
    /** Milliseconds from the request to the first token, and to the end of the reply. */
    ttft_ms: z.number().optional(),
    total_ms: z.number().optional(),
    /** Tokens in (prompt) and out (reply), from the provider's usage report. */
    tokens_in: z.number().optional(),
    tokens_out: z.number().optional(),
    /** True when the token counts are estimated (the demo provider, or a provider that reported none). */
    tokens_estimated: z.boolean().optional(),
    /** The files a user message sent (issue 15), shown as thumbnails or chips. */
    attachments: z.array(attachmentInfoSchema).max(ATTACHMENT_LIMITS.perMessage).optional(),
    /** What a reply's web search ran (issue 38): the queries, in order. */
    searched: z.array(text().max(500)).max(20).optional(),
    /** The pages a reply's web search gave it, numbered as the reply's [n] markers cite them (server-owned). */
    sources: z.array(webSourceSchema).max(50).optional(),
    /**
     * Google's search suggestions for a grounded Gemini reply (its searchEntryPoint HTML), which Google's terms say
     * must be shown with it; shown in a sandboxed frame that runs no script and loads nothing (server-owned).
     */
    search_suggestions: text().max(50_000).optional(),
    /** The reply's tool calls, in order (issue 40; server-owned). */
    steps: z.array(toolStepSchema).max(100).optional(),
    /** How many model steps the reply took (issue 40): each is charged the row's cost. */
    model_steps: z.number().optional(),
  })
  .passthrough();
export type MessageMetadata = z.infer<typeof messageMetadataSchema>;

/**
 * The metadata a client may write (an image's aspect ratio and prompt, core.md section 7). Every
 * other key is the server's (credits, figures, fallback notes, stream ids, attachments, and any a
 * later feature adds, such as sources, steps or votes) and is dropped from what a client sends.
 */
export const clientMetadataSchema = z.object({
  aspectRatio: text().max(16).optional(),
  prompt: text().max(100_000).optional(),
});

/** Metadata arrives as an object or as a JSON string (the spec's messages.php); null means none. */
export const metadataInputSchema = z
  .union([clientMetadataSchema, text().max(200_000), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v == null || v === '') return null;
    if (typeof v !== 'string') return v;
    try {
      return clientMetadataSchema.parse(JSON.parse(v));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
      return z.NEVER;
    }
  });

export const messageSchema = z.object({
  id: z.number(),
  thread_id: z.number(),
  threadId: z.number(),
  /** The message this one follows in the thread's tree; null for a first message. */
  parent_id: z.number().nullable().optional(),
  /** Every version at this place (this message and its siblings), oldest first; a "‹ 2/3 ›" control switches between them. */
  sibling_ids: z.array(z.number()).optional(),
  user_id: z.number(),
  content: z.string(),
  sender: z.enum(['user', 'assistant']),
  role: z.enum(['user', 'assistant']),
  type: z.enum(['text', 'image']),
  model: z.string().nullable(),
  metadata: messageMetadataSchema.nullable(),
  /**
   * `error`: cut mid-way by a failure; `interrupted`: cut by a server restart; `stopped`: the
   * caller pressed Stop. All three keep the text so far.
   */
  status: z.enum(['complete', 'streaming', 'error', 'interrupted', 'stopped']),
  timestamp: z.string(),
  created_at: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/** The largest page get_messages answers. */
export const MESSAGES_PAGE_MAX = 200;

const PAGE_LIMIT = `must be a whole number from 1 to ${MESSAGES_PAGE_MAX}`;

/**
 * get_messages: without `limit` the whole shown branch (core.md section 7). With `limit` one page
 * of it: the newest `limit` messages, those just before `before_id`, or those around `around_id`.
 */
export const getMessagesRequestSchema = z
  .object({
    thread_id: idSchema,
    user_id: userIdSchema,
    limit: z
      .union([
        z.number().int(PAGE_LIMIT),
        z
          .string()
          .regex(/^\d{1,4}$/, PAGE_LIMIT)
          .transform(Number),
      ])
      .refine((n) => n >= 1 && n <= MESSAGES_PAGE_MAX, PAGE_LIMIT)
      .optional(),
    before_id: idSchema.optional(),
    around_id: idSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.before_id !== undefined && v.around_id !== undefined)
      ctx.addIssue({ code: 'custom', path: ['around_id'], message: 'cannot be sent with before_id' });
    for (const key of ['before_id', 'around_id'] as const)
      if (v[key] !== undefined && v.limit === undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'needs limit' });
  });
export type GetMessagesRequest = z.input<typeof getMessagesRequestSchema>;
export const getMessagesResponseSchema = z.object({
  status: z.literal('success'),
  messages: z.array(messageSchema),
  thread: z.object({
    id: z.number(),
    title: z.string(),
    created_at: z.string(),
    /** The last message of the shown branch; `messages` holds that branch only. */
    current_leaf_id: z.number().nullable().optional(),
    /** Messages on the shown branch. */
    message_count: z.number().optional(),
    /** Credits paid for every reply of the thread, every version included. */
    total_credits: z.number().optional(),
    system_prompt: z.string().nullable().optional(),
    temperature: z.number().nullable().optional(),
    max_output_tokens: z.number().nullable().optional(),
    web_search: z.boolean().optional(),
    /** The MCP servers the thread's replies may call (issue 40). */
    mcp_server_ids: z.array(z.number()).optional(),
    /** The assistant the thread was started with (issue 40); null when none, or when it was deleted. */
    assistant: threadAssistantSchema.nullable().optional(),
  }),
  /** Paged answers only: whether the shown branch has messages before this page. */
  has_more: z.boolean().optional(),
  /** Paged answers only: whether it has messages after this page (around_id). */
  has_more_after: z.boolean().optional(),
  /** Paged answers only: how many messages the shown branch holds in all. */
  total: z.number().int().optional(),
  message: z.string().optional(),
});
export type GetMessagesResponse = z.infer<typeof getMessagesResponseSchema>;

export const saveMessageRequestSchema = z.object({
  thread_id: idSchema,
  user_id: userIdSchema,
  content: text()
    .max(100_000)
    .refine((v) => v.trim().length > 0, 'must not be blank'),
  sender: z.enum(['user']).default('user'),
  role: z.enum(['user']).default('user'),
  type: z.enum(['text', 'image']).default('text'),
  model: text().max(200).nullish(),
  metadata: metadataInputSchema,
  /** One of the caller's stored images (e.g. from the image studio), saved after the prompt as the assistant's image reply. */
  image_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be an image id')
    .optional(),
});
export const saveMessageResponseSchema = z.object({
  status: z.literal('success'),
  message_id: z.number(),
  image_message_id: z.number().optional(),
});

export const deleteMessageRequestSchema = z.object({ message_id: idSchema, user_id: userIdSchema });
export const updateMessageRequestSchema = z.object({
  message_id: idSchema,
  content: text().trim().min(1, 'must not be blank').max(100_000),
  thread_id: idSchema.optional(),
  user_id: userIdSchema,
});
export const messageResponseSchema = z.object({ status: z.literal('success'), message: messageSchema.optional() });

/** Shows another version: the thread shows the newest branch through `message_id`. */
export const switchBranchRequestSchema = z.object({ message_id: idSchema, user_id: userIdSchema });
