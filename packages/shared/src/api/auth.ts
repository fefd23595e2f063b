import { z } from 'zod';
import { text } from './common.js';
import { LIMITS } from '../constants.js';
import { LANGUAGES } from '../languages.js';

export const tierSchema = z.enum(['free', 'pro', 'premium']);

/** A signed-in user as the client sees it. */
export const userSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  created_at: z.string(),
  subscription_tier: tierSchema,
  subscription_status: z.string().optional(),
  subscription_end_date: z.string().nullable().optional(),
  /** Whether the e-mail is proven (the mailed link, a reset, or Google); operators need it. */
  email_verified: z.boolean().optional(),
  /** The language picked in Settings, applied on every device; null follows the browser. */
  language: z.enum(LANGUAGES).nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

/** POST /api/user/language.php: keeps the account's language (null: follow the browser). */
export const languageRequestSchema = z.object({ language: z.enum(LANGUAGES).nullable() });
export type LanguageRequest = z.infer<typeof languageRequestSchema>;
export const languageResponseSchema = z.object({ status: z.literal('success'), language: z.enum(LANGUAGES).nullable() });

export const sessionCheckResponseSchema = z.object({
  status: z.enum(['success', 'unauthorized', 'error']),
  message: z.string().optional(),
  user: userSchema.nullable().optional(),
});
export type SessionCheckResponse = z.infer<typeof sessionCheckResponseSchema>;

const email = text().trim().toLowerCase().email('must be an e-mail address').max(254);

export const loginRequestSchema = z.object({ email, password: text().min(1).max(1024) });
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  email,
  username: text().trim().min(1).max(64),
  password: text().min(LIMITS.passwordMin, `must be at least ${LIMITS.passwordMin} characters`).max(1024),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const authUserResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  user: userSchema,
});
export type AuthUserResponse = z.infer<typeof authUserResponseSchema>;

export const resetPasswordRequestSchema = z.object({ email });
export const updatePasswordRequestSchema = z.object({
  token: text().min(16).max(256),
  password: text().min(LIMITS.passwordMin, `must be at least ${LIMITS.passwordMin} characters`).max(1024),
});

/** Google sign-in: the ID token plus the profile fields the spec's client posts (never trusted). */
export const googleSignInRequestSchema = z.object({
  credential: text().min(1).max(8192),
  id: text().max(2048).optional(),
  name: text().max(2048).optional(),
  given_name: text().max(2048).optional(),
  family_name: text().max(2048).optional(),
  picture: text().max(2048).optional(),
  email: text().max(2048).optional(),
});
export type GoogleSignInRequest = z.input<typeof googleSignInRequestSchema>;

export const userStatsSchema = z.object({
  total_messages: z.number(),
  total_threads: z.number(),
  credits_used: z.number(),
  credits_remaining: z.number(),
  subscription_tier: tierSchema,
  subscription_status: z.string(),
  subscription_end_date: z.string().nullable(),
});
export type UserStats = z.infer<typeof userStatsSchema>;
export const userStatsResponseSchema = z.object({ status: z.literal('success'), stats: userStatsSchema, user: userSchema.optional() });
export type UserStatsResponse = z.infer<typeof userStatsResponseSchema>;
