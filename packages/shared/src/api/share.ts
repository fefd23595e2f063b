import { z } from 'zod';
import { idSchema, text } from './common.js';
import { messageSchema } from './messages.js';

/** A share token: 128 random bits as unpadded base64url (22 characters). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const shareTokenSchema = text().regex(SHARE_TOKEN_PATTERN, 'must be a share token (22 base64url characters)');

/** The web page a share link opens. */
export const sharePageUrl = (token: string) => `/prod/share/${token}`;

export const createShareRequestSchema = z.object({ thread_id: idSchema });
export const shareLinkSchema = z.object({
  token: z.string(),
  /** The page's path (the client adds its own origin). */
  url: z.string(),
  thread_id: z.number(),
  title: z.string(),
  message_count: z.number(),
  created_at: z.string(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;
export const shareLinkResponseSchema = z.object({ status: z.literal('success'), link: shareLinkSchema });
export const listShareLinksResponseSchema = z.object({ status: z.literal('success'), links: z.array(shareLinkSchema) });
export const revokeShareRequestSchema = z.object({ token: shareTokenSchema });
export const shareTokenQuerySchema = z.object({ token: shareTokenSchema });
export const continueShareRequestSchema = z.object({ token: shareTokenSchema });

/** One message of a shared snapshot: what the read-only page renders (no ids of the owner's rows). */
export const sharedMessageSchema = messageSchema.pick({ role: true, type: true, content: true, model: true, created_at: true }).extend({
  id: z.number(),
  /** Only what the message components show (image size, fallback note); never credits or usage. */
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type SharedMessage = z.infer<typeof sharedMessageSchema>;
export const sharedThreadResponseSchema = z.object({
  status: z.literal('success'),
  title: z.string(),
  shared_at: z.string(),
  messages: z.array(sharedMessageSchema),
});
export type SharedThreadResponse = z.infer<typeof sharedThreadResponseSchema>;
export const continueShareResponseSchema = z.object({ status: z.literal('success'), thread_id: z.number() });

/** Thread export: Markdown (one .md file) or JSON (a zip of thread.json and its images). */
export const exportThreadQuerySchema = z.object({ thread_id: idSchema, format: z.enum(['markdown', 'json']) });

/** Deleting the account: the password, or a Google ID token from a sign-in made just now. */
export const deleteAccountRequestSchema = z
  .object({ password: text().min(1).max(1024).optional(), credential: text().min(1).max(8192).optional() })
  .refine((v) => (v.password === undefined) !== (v.credential === undefined), 'send either password or credential');
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;
