import { z } from 'zod';
import { MAX_OUTPUT_TOKENS_LIMIT } from '../constants.js';
import { ASSISTANT_LIMITS } from './assistant-paths.js';
import { MAX_ID, idSchema, text } from './common.js';

const L = ASSISTANT_LIMITS;

/** An assistant's share token: 128 random bits as unpadded base64url (22 characters). */
export const ASSISTANT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const tokenSchema = text().regex(ASSISTANT_TOKEN_PATTERN, 'must be a share token (22 base64url characters)');

// A data URL of a PNG, JPEG, WebP or GIF picture, at most iconUploadBytes once decoded.
const ICON_DATA_URL = /^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+={0,2}$/;
const iconSchema = z
  .string()
  .max(Math.ceil(L.iconUploadBytes / 3) * 4 + 32, `must be a picture of at most ${L.iconUploadBytes / 1024} KB`)
  .regex(ICON_DATA_URL, 'must be a PNG, JPEG, WebP or GIF picture as a data: URL');

const nameSchema = text().trim().min(1, 'must not be empty').max(L.nameMax);
// A blank emoji is none.
const emojiSchema = text()
  .trim()
  .max(L.emojiMax)
  .nullable()
  .transform((v) => (v ? v : null));
const starterSchema = text().trim().min(1, 'must not be blank').max(L.starterMax);
const serverIdSchema = z.number().int().min(1).max(MAX_ID);

/** What an assistant is made of, as create.php takes it; left-out fields take their defaults. */
export const assistantFieldsSchema = z.object({
  name: nameSchema,
  emoji: emojiSchema.optional(),
  /** An uploaded icon, re-encoded by the server to a 128×128 WebP; null: none (the emoji shows). */
  icon: iconSchema.nullable().optional(),
  description: text().trim().max(L.descriptionMax).default(''),
  /** A catalogue row id (text or image row). */
  model_id: text().trim().min(1, 'must name a model').max(200),
  /** The system prompt of every thread started with it. */
  instructions: text().max(L.instructionsMax).default(''),
  temperature: z.number().min(0).max(2).nullable().default(null),
  max_output_tokens: z.number().int().min(1).max(MAX_OUTPUT_TOKENS_LIMIT).nullable().default(null),
  /** Prompts offered as buttons on a new thread. */
  starters: z.array(starterSchema).max(L.starters).default([]),
  web_search: z.boolean().default(false),
  /** MCP tool servers whose tools its threads may call; a thread keeps only those its user may use. */
  mcp_server_ids: z.array(serverIdSchema).max(L.mcpServers).default([]),
});
export type AssistantFields = z.infer<typeof assistantFieldsSchema>;
export const createAssistantRequestSchema = assistantFieldsSchema;
export type CreateAssistantRequest = z.input<typeof createAssistantRequestSchema>;

/** update.php: the fields sent change; `icon: null` removes the icon, an icon left out stays. */
export const updateAssistantRequestSchema = z.object({
  id: idSchema,
  name: nameSchema.optional(),
  emoji: emojiSchema.optional(),
  icon: iconSchema.nullable().optional(),
  description: text().trim().max(L.descriptionMax).optional(),
  model_id: text().trim().min(1, 'must name a model').max(200).optional(),
  instructions: text().max(L.instructionsMax).optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  max_output_tokens: z.number().int().min(1).max(MAX_OUTPUT_TOKENS_LIMIT).nullable().optional(),
  starters: z.array(starterSchema).max(L.starters).optional(),
  web_search: z.boolean().optional(),
  mcp_server_ids: z.array(serverIdSchema).max(L.mcpServers).optional(),
});
export type UpdateAssistantRequest = z.input<typeof updateAssistantRequestSchema>;
/** An update as the server reads it (after validation). */
export type AssistantChanges = z.infer<typeof updateAssistantRequestSchema>;

export const assistantIdRequestSchema = z.object({ id: idSchema });
export const assistantIdQuerySchema = z.object({ id: idSchema });
export const assistantTokenQuerySchema = z.object({ token: tokenSchema });
export const assistantTokenRequestSchema = z.object({ token: tokenSchema });

/** An assistant as the API shows it. */
export const assistantSchema = z.object({
  id: z.number(),
  name: z.string(),
  emoji: z.string().nullable(),
  icon_url: z.string().nullable(),
  description: z.string(),
  model_id: z.string(),
  instructions: z.string(),
  temperature: z.number().nullable(),
  max_output_tokens: z.number().nullable(),
  starters: z.array(z.string()),
  web_search: z.boolean(),
  /** The owner sees every server it chose; anyone else sees only the operators' servers among them. */
  mcp_server_ids: z.array(z.number()),
  featured: z.boolean(),
  /** The caller's own (editable); otherwise read-only. */
  mine: z.boolean(),
  /** The share link's page (owner only); null when not shared. */
  share_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Assistant = z.infer<typeof assistantSchema>;

export const listAssistantsResponseSchema = z.object({
  status: z.literal('success'),
  /** The caller's own, newest first (none for a guest). */
  mine: z.array(assistantSchema),
  /** Every featured assistant, whoever made it, by name. */
  featured: z.array(assistantSchema),
  /** Accounts may create assistants; guests may only use the featured ones. */
  can_create: z.boolean(),
  /** The caller is an operator and may feature assistants. */
  can_feature: z.boolean(),
  /** How many assistants an account may keep. */
  limit: z.number(),
});
export type ListAssistantsResponse = z.infer<typeof listAssistantsResponseSchema>;

export const assistantResponseSchema = z.object({ status: z.literal('success'), assistant: assistantSchema });
export type AssistantResponse = z.infer<typeof assistantResponseSchema>;

export const deleteAssistantResponseSchema = z.object({ status: z.literal('success'), deleted: z.literal(true) });
export type DeleteAssistantResponse = z.infer<typeof deleteAssistantResponseSchema>;

export const shareAssistantResponseSchema = z.object({
  status: z.literal('success'),
  token: z.string(),
  /** The share page's path (the client adds its origin). */
  url: z.string(),
});
export type ShareAssistantResponse = z.infer<typeof shareAssistantResponseSchema>;

/** Operators feature an assistant for everyone, or stop featuring it; the reason is kept in the audit log. */
export const featureAssistantRequestSchema = z.object({
  id: idSchema,
  featured: z.boolean(),
  reason: text().trim().max(500).optional(),
});
export type FeatureAssistantRequest = z.input<typeof featureAssistantRequestSchema>;

/** The assistant a thread was started with, as thread answers name it (null when none, or when it was deleted). */
export const threadAssistantSchema = z.object({
  id: z.number(),
  name: z.string(),
  emoji: z.string().nullable(),
  icon_url: z.string().nullable(),
});
export type ThreadAssistant = z.infer<typeof threadAssistantSchema>;
