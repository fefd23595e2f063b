import { z } from 'zod';
import { idSchema, text } from './common.js';
import { PROMPT_LIMITS, PROMPTS_FORMAT } from './prompt-paths.js';

const title = text().trim().min(1, 'must not be empty').max(PROMPT_LIMITS.titleMax, `must be at most ${PROMPT_LIMITS.titleMax} characters`);
const body = text().trim().min(1, 'must not be empty').max(PROMPT_LIMITS.bodyMax, `must be at most ${PROMPT_LIMITS.bodyMax} characters`);

export const savedPromptSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  /** Its `{{variables}}`, in order. */
  variables: z.array(z.string()),
  /** The share link's page (under /prod), or null when it is not shared. */
  share_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedPrompt = z.infer<typeof savedPromptSchema>;

export const listPromptsResponseSchema = z.object({ status: z.literal('success'), prompts: z.array(savedPromptSchema) });
export type ListPromptsResponse = z.infer<typeof listPromptsResponseSchema>;

export const createPromptRequestSchema = z.object({ title, body }).strict();
export type CreatePromptRequest = z.input<typeof createPromptRequestSchema>;
export const updatePromptRequestSchema = z.object({ id: idSchema, title: title.optional(), body: body.optional() }).strict();
export type UpdatePromptRequest = z.input<typeof updatePromptRequestSchema>;
export const promptIdRequestSchema = z.object({ id: idSchema }).strict();
export const promptResponseSchema = z.object({ status: z.literal('success'), prompt: savedPromptSchema });
export type PromptResponse = z.infer<typeof promptResponseSchema>;

/** The export file, and what an import takes (extra fields of a prompt are ignored, so files from later versions read). */
export const promptsFileSchema = z.object({
  format: z.literal(PROMPTS_FORMAT.format),
  version: z.number().int().min(1),
  prompts: z
    .array(z.object({ title, body }))
    .min(1, 'must hold at least one prompt')
    .max(PROMPT_LIMITS.importMax, `must hold at most ${PROMPT_LIMITS.importMax} prompts`),
});
export type PromptsFile = z.infer<typeof promptsFileSchema>;
export const importPromptsResponseSchema = z.object({
  status: z.literal('success'),
  added: z.number(),
  prompts: z.array(savedPromptSchema),
});

export const sharedPromptQuerySchema = z.object({ token: text().min(8).max(64) }).strict();
export const sharedPromptResponseSchema = z.object({
  status: z.literal('success'),
  prompt: z.object({ title: z.string(), body: z.string(), variables: z.array(z.string()), author: z.string() }),
});
export type SharedPromptResponse = z.infer<typeof sharedPromptResponseSchema>;
export const addSharedPromptRequestSchema = z.object({ token: text().min(8).max(64) }).strict();
