import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/app-factory.js';

describe('serving the web app under /prod', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en" class="dark"><head><title>Ensemble</title>\n    <link rel="modulepreload" crossorigin href="/prod/assets/screens-1.js">\n    <link rel="modulepreload" crossorigin href="/prod/assets/chat-1.js" data-route="thread"></head><div id="root"><span>Loading...</span></div>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => t.close());

  it('serves index.html at /prod, /prod/ and every app route', async () => {
    for (const url of ['/prod', '/prod/', '/prod/thread/12', '/prod/settings', '/prod/reset-password?token=x']) {
      const res = await t.client().get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    }
  });

  it("sets the page's language from Accept-Language: the best one Ensemble speaks, right to left for Arabic", async () => {
    const cases: [string | undefined, string][] = [
      [undefined, '<html lang="en" class="dark">'],
      ['de-DE,de;q=0.9,en;q=0.8', '<html lang="de" class="dark">'],
      ['nl;q=0.9, pt-PT;q=0.8', '<html lang="pt-BR" class="dark">'],
      ['fr;q=0.2, ja', '<html lang="ja" class="dark">'],
      ['ar-EG', '<html lang="ar" dir="rtl" class="dark">'],
      ['nl, *;q=0.5', '<html lang="en" class="dark">'],
      ['zh-TW;q=0, ;;;', '<html lang="en" class="dark">'],
    ];
    for (const [header, start] of cases) {
      const res = await t.client().get('/prod/thread', header ? { 'accept-language': header } : {});
      expect(res.body, header).toContain(start);
      expect(String(res.headers.vary)).toContain('Accept-Language');
    }
    // The first frame's only text too, before the app has loaded.
    expect((await t.client().get('/prod', { 'accept-language': 'ja' })).body).toContain('<span>読み込み中…</span>');
    expect((await t.client().get('/prod')).body).toContain('<span>Loading...</span>');
  });

  it('serves built assets with a long cache and 404s missing ones', async () => {
    const asset = await t.client().get('/prod/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.client().get('/prod/assets/missing.js')).statusCode).toBe(404);
  });

  it('redirects unknown non-API paths to /prod', async () => {
    const res = await t.client().get('/wp-admin');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/prod');
  });

  it("keeps a route's own preload hints and drops the other routes'", async () => {
    for (const url of ['/prod/thread', '/prod/thread/12', '/prod/thread?x=1']) {
      const body = (await t.client().get(url)).body;
      expect(body, url).toContain('href="/prod/assets/chat-1.js" data-route="thread"');
      expect(body, url).toContain('href="/prod/assets/screens-1.js"');
    }
    for (const url of ['/prod', '/prod/', '/prod/settings', '/prod/threads', '/prod/share/abc']) {
      const body = (await t.client().get(url)).body;
      expect(body, url).not.toContain('chat-1.js');
      expect(body, url).toContain('href="/prod/assets/screens-1.js"');
    }
  });
});
