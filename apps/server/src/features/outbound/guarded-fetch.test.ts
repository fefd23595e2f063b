import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowedCidrs } from './address-policy.js';
import { type FetchPublicOptions, OutboundRefused, type OutboundRefusalReason, fetchPublic } from './guarded-fetch.js';

interface LocalServer {
  base: string;
  port: number;
  /** Every request that reached the server: its path and headers. */
  requests: { path: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

/** A real HTTP server on a loopback address (Linux answers on all of 127/8). */
async function serve(host: string, handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<LocalServer> {
  const requests: LocalServer['requests'] = [];
  const server = createServer((req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://${host}:${port}`,
    port,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The refusal a fetch ends in (it must end in one). */
async function refusal(url: string, options?: FetchPublicOptions): Promise<OutboundRefused> {
  try {
    await fetchPublic(url, options);
  } catch (error) {
    expect(error).toBeInstanceOf(OutboundRefused);
    return error as OutboundRefused;
  }
  throw new Error(`${url} was fetched`);
}

const FIVE_MB = Buffer.alloc(5_000_000, 'a');

describe('fetchPublic', () => {
  let local: LocalServer; // 127.0.0.1: never allowed below unless a test says so
  let other: LocalServer; // 127.0.0.2: allowed where a test needs a page to reach
  const onlyOther = { allowedCidrs: parseAllowedCidrs('127.0.0.2/32') };

  beforeAll(async () => {
    local = await serve('127.0.0.1', (_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('secret'));
    other = await serve('127.0.0.2', (req, res) => {
      const path = req.url ?? '/';
      const hop = /^\/hop\/(\d+)$/.exec(path);
      if (path === '/page') return res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<p>hello</p>');
      if (path === '/to-secret') return res.writeHead(302, { Location: `http://127.0.0.1:${local.port}/secret` }).end();
      if (path === '/to-ftp') return res.writeHead(301, { Location: 'ftp://127.0.0.2/file' }).end();
      if (path === '/start') return res.writeHead(302, { Location: '/middle' }).end();
      if (path === '/middle') return res.writeHead(307, { Location: `${other.base}/final#part` }).end();
      if (path === '/final') return res.writeHead(200, { 'Content-Type': 'text/plain' }).end('arrived');
      if (hop) return res.writeHead(302, { Location: `/hop/${Number(hop[1]) + 1}` }).end();
      if (path === '/big') return res.writeHead(200, { 'Content-Type': 'text/plain' }).end(FIVE_MB);
      if (path === '/big.gz') {
        return res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Encoding': 'gzip' }).end(gzipSync(FIVE_MB));
      }
      if (path === '/zstd') return res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Encoding': 'zstd' }).end('x');
      if (path === '/trickle') {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.write('the start and never the end');
        return;
      }
      if (path === '/silent') return; // never answers
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('none here');
    });
  });
  afterAll(async () => {
    await local?.close();
    await other?.close();
  });

  it('refuses a page on 127.0.0.1 without reaching it, and fetches it once 127.0.0.1/32 is allowed', async () => {
    expect((await refusal(`${local.base}/secret`)).reason).toBe('private_address');
    expect((await refusal(`${local.base}/secret`, onlyOther)).reason).toBe('private_address');
    expect(local.requests).toEqual([]);

    const page = await fetchPublic(`${local.base}/secret`, { allowedCidrs: parseAllowedCidrs('127.0.0.1/32') });
    expect(page).toEqual({
      url: `${local.base}/secret`,
      status: 200,
      contentType: 'text/plain',
      body: Buffer.from('secret'),
      truncated: false,
    });
    expect(local.requests).toHaveLength(1);
    local.requests.length = 0;
  });

  it('sends a plain user agent and says what it reads', async () => {
    await fetchPublic(`${other.base}/page`, onlyOther);
    const { headers } = other.requests.at(-1) as LocalServer['requests'][number];
    expect(headers['user-agent']).toBe('EnsembleBot/1.0 (+https://ensemble.local)');
    expect(headers.accept).toBe('text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5');
    expect(headers.cookie).toBeUndefined();
  });

  it('refuses a name that resolves to loopback (localhost) before connecting', async () => {
    const refused = await refusal(`http://localhost:${local.port}/secret`);
    expect(refused.reason).toBe('private_address');
    expect(refused.message).toMatch(/localhost resolves to no public address/);
    expect(local.requests).toEqual([]);
  });

  it('connects a name to the permitted address it resolves to', async () => {
    const page = await fetchPublic(`http://localhost:${local.port}/secret`, { allowedCidrs: parseAllowedCidrs('127.0.0.1/32') });
    expect(page.body.toString()).toBe('secret');
    expect(local.requests).toHaveLength(1);
    local.requests.length = 0;
  });

  it('refuses metadata, private, loopback and unspecified addresses in every spelling, other schemes and credentials', async () => {
    const cases: [string, OutboundRefusalReason][] = [
      ['http://169.254.169.254/latest/meta-data/', 'private_address'],
      ['http://10.0.0.1/', 'private_address'],
      [`http://[::1]:${local.port}/`, 'private_address'],
      [`http://[::ffff:127.0.0.1]:${local.port}/`, 'private_address'],
      [`http://0.0.0.0:${local.port}/`, 'private_address'],
      [`http://2130706433:${local.port}/`, 'private_address'], // 127.0.0.1 as one number
      [`http://0x7f.1:${local.port}/`, 'private_address'],
      ['ftp://127.0.0.2/file', 'scheme'],
      ['file:///etc/passwd', 'scheme'],
      ['javascript:alert(1)', 'scheme'],
      [`http://user:pass@127.0.0.2:${other.port}/page`, 'credentials'],
      [`http://user@127.0.0.2:${other.port}/page`, 'credentials'],
      ['not a url', 'invalid_url'],
    ];
    const before = other.requests.length;
    for (const [url, reason] of cases) expect((await refusal(url, onlyOther)).reason, url).toBe(reason);
    expect(local.requests).toEqual([]);
    expect(other.requests.length).toBe(before);
  });

  it('checks every redirect: one to a loopback address not allowed is refused before it connects', async () => {
    const refused = await refusal(`${other.base}/to-secret`, onlyOther);
    expect(refused.reason).toBe('private_address');
    expect(refused.url).toBe(`http://127.0.0.1:${local.port}/secret`);
    expect(local.requests).toEqual([]);
    expect(other.requests.at(-1)?.path).toBe('/to-secret');
    expect((await refusal(`${other.base}/to-ftp`, onlyOther)).reason).toBe('scheme');
  });

  it('refuses a redirect chain longer than maxRedirects, after following that many', async () => {
    const before = other.requests.length;
    expect((await refusal(`${other.base}/hop/0`, { ...onlyOther, maxRedirects: 3 })).reason).toBe('too_many_redirects');
    expect(other.requests.slice(before).map((r) => r.path)).toEqual(['/hop/0', '/hop/1', '/hop/2', '/hop/3']);
    expect((await refusal(`${other.base}/hop/0`, onlyOther)).reason).toBe('too_many_redirects');
    expect(other.requests.length - before).toBe(4 + 6);
  });

  it('follows redirects between allowed pages and names the final URL', async () => {
    const page = await fetchPublic(`${other.base}/start`, onlyOther);
    expect(page.url).toBe(`${other.base}/final`);
    expect(page.body.toString()).toBe('arrived');
  });

  it('returns other statuses as they are', async () => {
    const page = await fetchPublic(`${other.base}/nothing`, onlyOther);
    expect(page.status).toBe(404);
    expect(page.body.toString()).toBe('none here');
  });

  it('cuts a 5 MB body at maxBytes and says so', async () => {
    const page = await fetchPublic(`${other.base}/big`, onlyOther);
    expect(page.truncated).toBe(true);
    expect(page.body.length).toBe(1_000_000);
    const small = await fetchPublic(`${other.base}/big`, { ...onlyOther, maxBytes: 1234 });
    expect(small.body.equals(FIVE_MB.subarray(0, 1234))).toBe(true);
    expect(small.truncated).toBe(true);
  });

  it('bounds the decoded size of a compressed body, not only what came over the wire', async () => {
    const page = await fetchPublic(`${other.base}/big.gz`, { ...onlyOther, maxBytes: 100_000 });
    expect(page.truncated).toBe(true);
    expect(page.body.equals(FIVE_MB.subarray(0, 100_000))).toBe(true);
    expect((await refusal(`${other.base}/zstd`, onlyOther)).reason).toBe('encoding');
  });

  it('cuts a server that never finishes at timeoutMs, whether it is silent or trickles', async () => {
    expect((await refusal(`${other.base}/trickle`, { ...onlyOther, timeoutMs: 300 })).reason).toBe('timeout');
    expect((await refusal(`${other.base}/silent`, { ...onlyOther, timeoutMs: 300 })).reason).toBe('timeout');
  });

  it("stops when the caller's signal aborts", async () => {
    const controller = new AbortController();
    const pending = refusal(`${other.base}/silent`, { ...onlyOther, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await pending).reason).toBe('aborted');
    expect((await refusal(`${other.base}/page`, { ...onlyOther, signal: AbortSignal.abort() })).reason).toBe('aborted');
  });
});
