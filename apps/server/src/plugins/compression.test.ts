import { request } from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/app-factory.js';
import { cookieOf, startThreadReply } from '../test/sse-client.js';

/** What a browser sends: it takes brotli and gzip. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('compressed answers', () => {
  let t: TestApp;
  let base: string;
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};`;
  beforeAll(async () => {
    // A build as Vite leaves it: each hashed asset beside its brotli and gzip copies.
    const dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>Ensemble</title><div id="root">${'x'.repeat(2000)}</div>`);
    writeFileSync(path.join(dist, 'index.html.br'), 'a stale copy that must never be served');
    const file = path.join(dist, 'assets', 'app-abc123.js');
    writeFileSync(file, script);
    writeFileSync(`${file}.br`, brotliCompressSync(script));
    writeFileSync(`${file}.gz`, gzipSync(script));
    t = await createTestApp({ WEB_DIST: dist, DEMO_TOKENS_PER_SECOND: '0' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it('serves a hashed asset as its brotli copy to a browser, with Vary and an immutable cache', async () => {
    const res = await t.client().get('/prod/assets/app-abc123.js', BROWSER);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 2);
  });

  it('serves the gzip copy to a client that takes only gzip, and the plain file to one that takes nothing', async () => {
    const gz = await t.client().get('/prod/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.client().get('/prod/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('builds the HTML per request with no-cache, never from a precompressed copy', async () => {
    const res = await t.client().get('/prod/thread', BROWSER);
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;
    expect(body).toContain('<div id="root">');
  });

  it('compresses a JSON answer of 1 KB or more, and leaves a small one as it is', async () => {
    const client = t.client();
    const models = await client.get('/api/config/models.php', BROWSER);
    expect(models.statusCode).toBe(200);
    // gzip is preferred for answers made per request: the cheapest in CPU for nearly brotli's size.
    expect(models.headers['content-encoding']).toBe('gzip');
    expect(String(models.headers.vary)).toMatch(/accept-encoding/i);
    const catalogue = JSON.parse(gunzipSync(models.rawPayload).toString());
    expect(catalogue.status).toBe('success');
    expect(models.rawPayload.length).toBeLessThan(JSON.stringify(catalogue).length / 3);

    const small = await client.get('/api/health', BROWSER);
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body).status).toBeDefined();
  });

  it('never compresses a reply stream, so each event reaches the reader as it is sent', async () => {
    const c = t.client();
    const { streamId } = await startThreadReply(c, 'Say hello');
    const { headers, body } = await new Promise<{ headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const req = request(`${base}/api/messages/chat.php?stream=true&model=gpt-4o&stream_id=${streamId}`, {
        headers: { ...BROWSER, cookie: cookieOf(c), accept: 'text/event-stream' },
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ headers: res.headers, body: text }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(headers['content-type']).toContain('text/event-stream');
    expect(headers['content-encoding']).toBeUndefined();
    expect(body).toContain('data: [DONE]');
  });
});
