import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@ensemble/shared';

// Base32 without the letters and digits people confuse (0/o, 1/l/i): 10 characters carry 50 bits.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten new recovery codes, as shown once: `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A typed recovery code as stored: lower case, without spaces or dashes, hashed (50 random bits need no slow hash). */
export function recoveryCodeHash(code: string): string | null {
  const plain = code.toLowerCase().replace(/[\s-]/g, '');
  if (!/^[a-z0-9]{10}$/.test(plain)) return null;
  return createHash('sha256').update(plain).digest('hex');
}
