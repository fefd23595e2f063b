import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (the library's default algorithm is argon2id;
// its Algorithm enum is a const enum that isolatedModules cannot read).
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(fileURLToPath(new URL('./common-passwords.txt', import.meta.url)), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#')),
  );
  return common;
}

/** Whether a password is on the shipped list of most common passwords (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}

/** Why a new password is refused (length is checked by the schema), or null when it is acceptable. */
export function passwordProblem(password: string, personal: string[] = []): string | null {
  if (isCommonPassword(password)) return 'Password is one of the most commonly used passwords. Please choose a less common one.';
  const lower = password.trim().toLowerCase();
  if (personal.some((p) => p && (lower === p.toLowerCase() || lower === p.toLowerCase().split('@')[0]))) {
    return 'Password must not be your e-mail address or username.';
  }
  return null;
}

/** Hashes a password with argon2id (PHC string with its own salt). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

let dummyHash: Promise<string> | undefined;

/** Checks a password against a stored hash; with no hash it still spends the same work, so unknown accounts are not revealed by timing. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password-just-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
