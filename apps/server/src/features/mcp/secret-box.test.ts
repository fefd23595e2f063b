import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { SecretUnreadable, createSecretBox, parseEncryptionKey, secretBoxFromConfig } from './secret-box.js';

describe('the secret box (ENCRYPTION_KEY)', () => {
  const key = randomBytes(32);
  const box = createSecretBox(key);

  it('seals with AES-256-GCM under a fresh IV each time, and opens what it sealed', () => {
    const a = box.seal('token-123', 'purpose');
    const b = box.seal('token-123', 'purpose');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]{16}\.[\w-]+$/);
    expect(a).not.toContain('token-123');
    expect(box.open(a, 'purpose')).toBe('token-123');
    expect(box.open(b, 'purpose')).toBe('token-123');
  });

  it('refuses a value altered, sealed for another purpose, or under another key', () => {
    const sealed = box.seal('token-123', 'purpose');
    const [v, id, iv, body] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.open([v, id, iv, flipped.toString('base64url')].join('.'), 'purpose')).toThrow(SecretUnreadable);
    expect(() => box.open(sealed, 'another purpose')).toThrow(SecretUnreadable);
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'purpose')).toThrow('another encryption key');
    expect(() => box.open('plain-token', 'purpose')).toThrow(SecretUnreadable);
  });

  it('reads a key as base64, base64url or 64 hex characters, and nothing shorter', () => {
    expect(parseEncryptionKey(key.toString('base64'))).toEqual(key);
    expect(parseEncryptionKey(key.toString('base64url'))).toEqual(key);
    expect(parseEncryptionKey(key.toString('hex'))).toEqual(key);
    expect(parseEncryptionKey(randomBytes(16).toString('base64'))).toBeNull();
    expect(parseEncryptionKey('correct horse battery staple correct horse')).toBeNull();
    expect(secretBoxFromConfig({})).toBeNull();
  });

  it('fails the start on a malformed key, or one that is the session secret', () => {
    const base = { DATA_DIR: `/tmp/ensemble-config-${randomBytes(4).toString('hex')}` };
    expect(() => loadConfig({ ...base, ENCRYPTION_KEY: 'too-short' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ENCRYPTION_KEY: 'too-short' })).toThrow(/ENCRYPTION_KEY: must be 32 random bytes/);
    const shared = key.toString('base64');
    expect(() => loadConfig({ ...base, ENCRYPTION_KEY: shared, SESSION_SECRET: shared })).toThrow(/must differ from SESSION_SECRET/);
    expect(loadConfig({ ...base, ENCRYPTION_KEY: shared }).ENCRYPTION_KEY).toBe(shared);
    expect(loadConfig({ ...base }).MCP_TOOL_TIMEOUT_MS).toBe(30_000);
  });
});
