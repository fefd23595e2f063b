import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** The variable holding the key secrets are encrypted with at rest (bearer tokens of MCP servers). */
export const ENCRYPTION_KEY_VARIABLE = 'ENCRYPTION_KEY';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

/**
 * The 32-byte key an ENCRYPTION_KEY value gives: 64 hex characters, or base64 / base64url of 32 bytes
 * (`openssl rand -base64 32`). null when the value is neither.
 */
export function parseEncryptionKey(value: string): Buffer | null {
  const v = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (!/^[A-Za-z0-9+/_-]{42,43}={0,2}$/.test(v)) return null;
  const bytes = Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === KEY_BYTES ? bytes : null;
}

/** What is wrong with an ENCRYPTION_KEY value (without the variable's name), or null when it is fine. */
export function encryptionKeyProblem(value: string): string | null {
  return parseEncryptionKey(value) ? null : 'must be 32 random bytes as base64 (e.g. `openssl rand -base64 32`) or as 64 hex characters';
}

/** Thrown when a sealed value cannot be opened: another key sealed it, or it was altered. */
export class SecretUnreadable extends Error {
  override readonly name = 'SecretUnreadable';
}

/** Seals and opens short secrets with AES-256-GCM; `purpose` is bound to each value, so one cannot stand in for another kind. */
export interface SecretBox {
  seal(plain: string, purpose: string): string;
  open(sealed: string, purpose: string): string;
}

/**
 * A box for one key. A sealed value is one string, `v1.<key id>.<iv>.<ciphertext+tag>` (base64url parts): a random
 * 12-byte IV per value, and the key's id (the first 8 hex characters of its SHA-256), so a value sealed with
 * another key is told apart from a damaged one.
 */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`${ENCRYPTION_KEY_VARIABLE} must be ${KEY_BYTES} bytes`);
  const keyId = createHash('sha256').update(key).digest('hex').slice(0, 8);
  return {
    seal(plain, purpose) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(purpose, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return [VERSION, keyId, iv.toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, purpose) {
      const [version, id, ivText, bodyText, extra] = sealed.split('.');
      if (version !== VERSION || !id || !ivText || !bodyText || extra !== undefined) throw new SecretUnreadable('not a sealed value');
      if (id !== keyId) throw new SecretUnreadable('sealed with another encryption key');
      const iv = Buffer.from(ivText, 'base64url');
      const body = Buffer.from(bodyText, 'base64url');
      if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new SecretUnreadable('not a sealed value');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(purpose, 'utf8'));
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
        return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch (error) {
        throw new SecretUnreadable('the sealed value was altered', { cause: error });
      }
    },
  };
}

/** The box for ENCRYPTION_KEY, or null when it is not set (then no secret can be stored). */
export function secretBoxFromConfig(config: { ENCRYPTION_KEY?: string }): SecretBox | null {
  if (!config.ENCRYPTION_KEY) return null;
  const key = parseEncryptionKey(config.ENCRYPTION_KEY);
  if (!key) throw new Error(`${ENCRYPTION_KEY_VARIABLE}: ${encryptionKeyProblem(config.ENCRYPTION_KEY)}`);
  return createSecretBox(key);
}
