import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { outboundPolicyFromEnv } from './address-policy.js';

describe('OUTBOUND_ALLOWED_CIDRS in the configuration', () => {
  it('is empty by default, and the policy is built from the loaded configuration', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    expect(loadConfig({ DATA_DIR: dir }).OUTBOUND_ALLOWED_CIDRS).toBe('');
    const config = loadConfig({ DATA_DIR: dir, OUTBOUND_ALLOWED_CIDRS: '127.0.0.2/32,10.1.0.0/16' });
    expect(outboundPolicyFromEnv(config).allowedCidrs.entries).toEqual(['127.0.0.2/32', '10.1.0.0/16']);
  });

  it('stops the start on a malformed entry, naming the variable', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    for (const value of ['10.0.0.0/33', 'nonsense']) {
      try {
        loadConfig({ DATA_DIR: dir, OUTBOUND_ALLOWED_CIDRS: value });
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).problems.join('\n')).toMatch(new RegExp(`OUTBOUND_ALLOWED_CIDRS: "${value}" is not`));
      }
    }
  });
});
