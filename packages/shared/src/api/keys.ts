import { z } from 'zod';
import { SPENDING_MAX } from './spending.js';

/** Every personal API key starts with this; the rest is random. */
export const API_KEY_PREFIX = 'ens_';
/** How many characters of a key (its prefix included) stay on record to tell keys apart. */
export const API_KEY_SHOWN_CHARS = 12;
/** The most keys one account may hold at once (revoked ones do not count). */
export const API_KEYS_MAX = 25;
/** How long a key's name may be. */
export const API_KEY_NAME_MAX = 80;

/** Personal API keys (issue 39): created, listed and revoked by their account; operators list and revoke them too. */
export const KEY_PATHS = {
  create: '/api/keys/create.php',
  list: '/api/keys/list.php',
  revoke: '/api/keys/revoke.php',
} as const;

/** The OpenAI-compatible developer API, called with `Authorization: Bearer ens_…`. */
export const V1_PATHS = {
  models: '/v1/models',
  chatCompletions: '/v1/chat/completions',
  imageGenerations: '/v1/images/generations',
  /** A generated image by signed URL (response_format "url"): GET {file}/{id}?expires=&signature=. */
  imageFile: '/v1/files/images',
} as const;

/** The public API's description and its reference page. */
export const API_DOC_PATHS = { openapi: '/api/openapi.json', page: '/docs' } as const;

export const createKeyRequestSchema = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(API_KEY_NAME_MAX),
  /** ISO 8601 date-time, in the future; null or left out: never expires. */
  expires_at: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time' }).nullable().optional(),
  /** The most credits the key may spend in a UTC calendar month; null or left out: no limit of its own. */
  monthly_limit: z.number().int().min(1).max(SPENDING_MAX).nullable().optional(),
});
export type CreateKeyRequest = z.infer<typeof createKeyRequestSchema>;

export const createKeyResponseSchema = z.object({
  status: z.literal('success'),
  /** The whole key: shown this once, never again. */
  key: z.string(),
  id: z.number().int(),
});
export type CreateKeyResponse = z.infer<typeof createKeyResponseSchema>;

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters (`ens_` and a few more), to tell it apart. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  monthly_limit: z.number().int().nullable(),
  /** Credits the key spent in the current UTC month (refunds taken off). */
  spent_this_month: z.number().int(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const listKeysResponseSchema = z.object({ status: z.literal('success'), keys: z.array(apiKeySchema) });
export type ListKeysResponse = z.infer<typeof listKeysResponseSchema>;

export const revokeKeyRequestSchema = z.object({ id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
export type RevokeKeyRequest = z.infer<typeof revokeKeyRequestSchema>;

export const revokeKeyResponseSchema = z.object({ status: z.literal('success'), revoked: z.boolean() });
export type RevokeKeyResponse = z.infer<typeof revokeKeyResponseSchema>;

/** Operators: one account's keys (GET ?user_id=) and revoking any key (POST {id, reason}), recorded in the audit log. */
export const ADMIN_KEY_PATHS = {
  list: '/api/admin/keys.php',
  revoke: '/api/admin/revoke_key.php',
} as const;

export const adminKeysQuerySchema = z.object({ user_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** An operator's view of a key: as its owner sees it, and whether (and when) it was revoked. */
export const adminApiKeySchema = apiKeySchema.extend({ revoked_at: z.string().nullable() });
export type AdminApiKey = z.infer<typeof adminApiKeySchema>;

export const adminKeysResponseSchema = z.object({ status: z.literal('success'), keys: z.array(adminApiKeySchema) });
export type AdminKeysResponse = z.infer<typeof adminKeysResponseSchema>;

/** An operator revokes a key, saying why (as every operator action does); the audit log keeps it. */
export const adminRevokeKeyRequestSchema = z.object({
  id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  reason: z.string().trim().min(3, 'must say why (at least 3 characters)').max(500),
});
export type AdminRevokeKeyRequest = z.infer<typeof adminRevokeKeyRequestSchema>;
