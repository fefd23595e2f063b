import { z } from 'zod';
import { text } from './common.js';

/**
 * Passkeys (issue 44, WebAuthn): an account registers one or more, and signs in with one alone. A passkey sign-in
 * counts as a second factor (the operator console accepts it).
 */
export const PASSKEY_PATHS = {
  /** GET: the account's passkeys. */
  list: '/api/auth/passkeys.php',
  /** POST {}: the options for navigator.credentials.create(), good for 5 minutes. */
  registerOptions: '/api/auth/passkeys/register_options.php',
  /** POST {name?, credential}: saves the passkey the browser made from those options. */
  register: '/api/auth/passkeys/register.php',
  /** POST {id}: removes one. */
  remove: '/api/auth/passkeys/delete.php',
  /** POST {}: the options for navigator.credentials.get(), for a sign-in with a passkey alone. */
  signInOptions: '/api/auth/passkeys/sign_in_options.php',
  /** POST {credential}: signs in with the passkey that answered them. */
  signIn: '/api/auth/passkeys/sign_in.php',
} as const;

/** How many passkeys one account may keep. */
export const MAX_PASSKEYS = 20;

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListResponseSchema = z.object({ status: z.literal('success'), passkeys: z.array(passkeySchema) });
export type PasskeyListResponse = z.infer<typeof passkeyListResponseSchema>;

/** What a browser's WebAuthn call gives back, as JSON (base64url fields), bounded. */
export const webAuthnCredentialSchema = z.object({
  id: text().min(1).max(1024),
  rawId: text().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.record(z.string().max(64), z.union([z.string().max(65_536), z.number(), z.array(z.string().max(64)).max(16)])),
  clientExtensionResults: z.record(z.string().max(64), z.unknown()).optional(),
  authenticatorAttachment: z.string().max(32).optional(),
});

export const passkeyRegisterRequestSchema = z.object({ name: text().trim().max(64).optional(), credential: webAuthnCredentialSchema });
export const passkeySignInRequestSchema = z.object({ credential: webAuthnCredentialSchema });
export const passkeyDeleteRequestSchema = z.object({ id: z.number().int().positive() });

/** The options a WebAuthn call takes (as @simplewebauthn/server makes them); passed to the browser as they are. */
export const webAuthnOptionsResponseSchema = z.object({ status: z.literal('success'), options: z.record(z.string(), z.unknown()) });
