import { z } from 'zod';
import { text } from './common.js';
import { userSchema } from './auth.js';

/**
 * Two-factor sign-in (issue 44): a time-based one-time code (TOTP, RFC 6238: SHA-1, 6 digits, 30 s) from an
 * authenticator app, and ten single-use recovery codes. Operators must have passed it to use the console.
 */
export const TWO_FACTOR_PATHS = {
  /** GET: whether the account has it on, how many recovery codes are left, and whether this session passed it. */
  status: '/api/auth/two_factor.php',
  /** POST {}: a new secret to scan (not on until enable.php confirms a code from it). */
  setup: '/api/auth/two_factor/setup.php',
  /** POST {code}: turns it on with a code from the secret setup.php gave; answers the recovery codes, once. */
  enable: '/api/auth/two_factor/enable.php',
  /** POST {code}: turns it off (a current code or a recovery code). */
  disable: '/api/auth/two_factor/disable.php',
  /** POST {code}: ten new recovery codes (the old ones stop working). */
  recoveryCodes: '/api/auth/two_factor/recovery_codes.php',
  /** POST {challenge, code}: the second step of a sign-in whose password (or Google credential) was right. */
  verify: '/api/auth/two_factor/verify.php',
} as const;

/** How many recovery codes an account gets. */
export const RECOVERY_CODE_COUNT = 10;

/** A six-digit code from the app, or a recovery code (xxxxx-xxxxx); spaces and dashes are forgiven. */
export const twoFactorCodeSchema = text().trim().min(6).max(32);

export const twoFactorCodeRequestSchema = z.object({ code: twoFactorCodeSchema });
export type TwoFactorCodeRequest = z.input<typeof twoFactorCodeRequestSchema>;

export const twoFactorStatusResponseSchema = z.object({
  status: z.literal('success'),
  enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
  /** This session signed in with a second factor (or turned it on). */
  session_verified: z.boolean(),
  /** The account is an operator, who must use it for the console. */
  required: z.boolean(),
});
export type TwoFactorStatusResponse = z.infer<typeof twoFactorStatusResponseSchema>;

export const twoFactorSetupResponseSchema = z.object({
  status: z.literal('success'),
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The otpauth:// URI the QR code carries. */
  uri: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

export const recoveryCodesResponseSchema = z.object({ status: z.literal('success'), recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** What login.php and user_handler.php answer when the password (or Google) was right and a code is still needed. */
export const twoFactorChallengeResponseSchema = z.object({
  status: z.literal('two_factor_required'),
  message: z.string(),
  /** An opaque, single-use token for verify.php, good for a few minutes. */
  challenge: z.string(),
});
export type TwoFactorChallengeResponse = z.infer<typeof twoFactorChallengeResponseSchema>;

export const twoFactorVerifyRequestSchema = z.object({ challenge: text().min(16).max(128), code: twoFactorCodeSchema });
export type TwoFactorVerifyRequest = z.input<typeof twoFactorVerifyRequestSchema>;

/** Either a signed-in user or the challenge for the code. */
export const signInAnswerSchema = z.union([
  z.object({ status: z.literal('success'), message: z.string().optional(), user: userSchema }),
  twoFactorChallengeResponseSchema,
]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;
