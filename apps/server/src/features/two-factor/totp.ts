import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, a 30-second step. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
const ISSUER = 'Ensemble';

/** A new secret: 160 random bits (RFC 4226's recommended length), in base32. */
export function newTotpSecret(): string {
  return new Secret({ buffer: randomBytes(20).buffer }).base32;
}

function totpFor(secretBase32: string, options: { digits?: number; algorithm?: 'SHA1' | 'SHA256' | 'SHA512'; label?: string } = {}) {
  return new TOTP({
    issuer: ISSUER,
    label: options.label ?? ISSUER,
    secret: Secret.fromBase32(secretBase32),
    algorithm: options.algorithm ?? 'SHA1',
    digits: options.digits ?? TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** The otpauth:// URI an authenticator app scans, labelled with the account's e-mail. */
export function totpUri(secretBase32: string, account: string): string {
  return totpFor(secretBase32, { label: account }).toString();
}

/** The code for a moment (RFC 6238's reference algorithm, through otpauth). */
export function totpCode(
  secretBase32: string,
  timeMs: number,
  options: { digits?: number; algorithm?: 'SHA1' | 'SHA256' | 'SHA512' } = {},
): string {
  return totpFor(secretBase32, options).generate({ timestamp: timeMs });
}

/** The 30-second step of a moment. */
export function totpStep(timeMs: number): number {
  return Math.floor(timeMs / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step a six-digit code belongs to, allowing one step either side of now for a phone's clock drift, or null when
 * it matches none. The caller accepts it only if the step is later than the last one accepted (so a code works once).
 */
export function matchingStep(secretBase32: string, code: string, timeMs: number): number | null {
  const token = code.replace(/[\s-]/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secretBase32).validate({ token, timestamp: timeMs, window: 1 });
  return delta == null ? null : totpStep(timeMs) + delta;
}
