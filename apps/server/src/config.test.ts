import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies defaults and leaves the session secret to the database (nothing written to DATA_DIR)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const a = loadConfig({ DATA_DIR: dir });
    expect(a.PORT).toBe(3000);
    expect(a.origin).toBe('http://localhost:3000');
    expect(a.secureCookies).toBe(false);
    expect(a.SESSION_SECRET).toBeUndefined();
    expect(existsSync(path.join(dir, 'session-secret'))).toBe(false);
    expect(a.S3_BUCKET).toBeUndefined();
    expect(a.METRICS_TOKEN).toBeUndefined();
  });

  it('bounds the heap growth at 50 % unless told otherwise, and refuses a negative or unreadable value', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    expect(loadConfig({ DATA_DIR: dir }).HEAP_GROWTH_PERCENT).toBe(50);
    expect(loadConfig({ DATA_DIR: dir, HEAP_GROWTH_PERCENT: '0' }).HEAP_GROWTH_PERCENT).toBe(0);
    for (const bad of ['-5', 'lots']) expect(() => loadConfig({ DATA_DIR: dir, HEAP_GROWTH_PERCENT: bad })).toThrow(/HEAP_GROWTH_PERCENT/);
  });

  it('uses Secure cookies behind an https PUBLIC_ORIGIN', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_ORIGIN: 'https://ensemble.example/' }).secureCookies).toBe(true);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        SESSION_SECRET: 'short',
        INSTANCE_ID: 'has spaces',
        METRICS_TOKEN: 'short',
        METRICS_PORT: '70000',
        S3_FORCE_PATH_STYLE: 'yes',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of [
        'PORT',
        'DATABASE_URL',
        'LOG_LEVEL',
        'SESSION_SECRET',
        'INSTANCE_ID',
        'METRICS_TOKEN',
        'METRICS_PORT',
        'S3_FORCE_PATH_STYLE',
      ])
        expect(problems).toContain(name);
    }
  });

  it('shows in the README only TRUST_PROXY values the server accepts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const shown = [...readme.matchAll(/TRUST_PROXY=([^\s`|]+)/g)].map((m) => m[1] as string);
    expect(shown.length).toBeGreaterThan(0);
    for (const value of shown) expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: value }), value).not.toThrow();
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, and refuses plain true with the reason', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    expect(loadConfig({ DATA_DIR: dir }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1 ,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const [value, says] of [
      ['true', /TRUST_PROXY: true would trust every X-Forwarded-For hop.*hop count|number of proxies/],
      ['10.0.0.0/33', /not understood: 10\.0\.0\.0\/33/],
      ['proxy.example', /not understood: proxy\.example/],
    ] as const) {
      try {
        loadConfig({ DATA_DIR: dir, TRUST_PROXY: value });
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).message).toMatch(says);
      }
    }
  });
});
