import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowedCidrs } from './address-policy.js';
import { OutboundRefused } from './guarded-fetch.js';
import { type GuardedFetchOptions, createGuardedFetch } from './guarded-stream-fetch.js';

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface LocalServer {
  base: string;
  seen: Seen[];
  /** Connections closed by the client so far. */
  closed: number;
  close(): Promise<void>;
}

async function serve(
  host: string,
  handler: (req: IncomingMessage, res: ServerResponse, server: LocalServer) => void,
): Promise<LocalServer> {
  const local: LocalServer = { base: '', seen: [], closed: 0, close: async () => undefined };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    local.seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
    res.on('close', () => {
      if (!res.writableFinished) local.closed++;
    });
    handler(req, res, local);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  local.base = `http://${host}:${(server.address() as AddressInfo).port}`;
  local.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return local;
}

async function refusal(promise: Promise<unknown>): Promise<OutboundRefused> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundRefused);
  return error as OutboundRefused;
}

describe('createGuardedFetch', () => {
  let secret: LocalServer; // 127.0.0.1: never allowed below
  let allowed: LocalServer; // 127.0.0.2: allowed
  let elsewhere: LocalServer; // 127.0.0.2, another port (another origin)
  const release: Array<() => void> = [];
  const options: GuardedFetchOptions = { allowedCidrs: parseAllowedCidrs('127.0.0.2/32') };
  const guarded = createGuardedFetch(options);

  beforeAll(async () => {
    secret = await serve('127.0.0.1', (_req, res) => res.end('secret'));
    elsewhere = await serve('127.0.0.2', (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('elsewhere'));
    allowed = await serve('127.0.0.2', (req, res) => {
      const path = req.url ?? '/';
      if (path === '/echo')
        return res.writeHead(201, { 'content-type': 'application/json', 'x-one': 'a' }).end(JSON.stringify({ got: req.method }));
      if (path === '/stream') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: first\n\n');
        release.push(() => res.end('data: second\n\n'));
        return;
      }
      if (path === '/hold') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: first\n\n');
        return;
      }
      if (path === '/silent') return;
      if (path === '/big') return res.writeHead(200).end(Buffer.alloc(3000, 'a'));
      if (path === '/gzip') return res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('decoded text'));
      if (path === '/empty') return res.writeHead(204).end();
      if (path === '/to-secret') return res.writeHead(307, { location: `${secret.base}/x` }).end();
      if (path === '/to-elsewhere') return res.writeHead(307, { location: `${elsewhere.base}/landed` }).end();
      if (path === '/see-other') return res.writeHead(303, { location: '/echo' }).end();
      res.writeHead(404).end('none');
    });
  });
  afterAll(async () => {
    await Promise.all([secret, allowed, elsewhere].map((s) => s?.close()));
  });

  it('POSTs with headers and body and answers a real Response', async () => {
    const response = await guarded(`${allowed.base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      body: '{"a":1}',
    });
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(201);
    expect(response.headers.get('x-one')).toBe('a');
    expect(await response.json()).toEqual({ got: 'POST' });
    expect(allowed.seen.at(-1)).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      headers: expect.objectContaining({ authorization: 'Bearer t' }),
    });
  });

  it('streams the body as it arrives', async () => {
    const response = await guarded(`${allowed.base}/stream`, { headers: { accept: 'text/event-stream' } });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    // The first event is read while the server still holds the rest back.
    expect(decoder.decode((await reader.read()).value)).toBe('data: first\n\n');
    release.shift()?.();
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += decoder.decode(r.value);
    expect(rest).toBe('data: second\n\n');
  });

  it('refuses loopback, link-local, private addresses and a name resolving to loopback, without connecting', async () => {
    const port = new URL(secret.base).port;
    for (const url of [
      `${secret.base}/x`,
      `http://localhost:${port}/x`,
      'http://169.254.169.254/latest',
      'http://10.0.0.1/',
      'http://[::1]/',
    ]) {
      expect((await refusal(guarded(url, { method: 'POST', body: '{}' }))).reason).toMatch(/private_address/);
    }
    expect((await refusal(guarded('ftp://127.0.0.2/x'))).reason).toBe('scheme');
    expect((await refusal(guarded(`http://u:p@${allowed.base.slice(7)}/echo`))).reason).toBe('credentials');
    expect(secret.seen).toEqual([]);
  });

  it('checks each redirect: refuses one to a denied address, drops credentials across origins, honours redirect modes', async () => {
    expect((await refusal(guarded(`${allowed.base}/to-secret`, { method: 'POST', body: '{}' }))).reason).toBe('private_address');
    expect(secret.seen).toEqual([]);
    const moved = await guarded(`${allowed.base}/to-elsewhere`, { headers: { authorization: 'Bearer t', cookie: 'a=b' } });
    expect(await moved.text()).toBe('elsewhere');
    expect(moved.redirected).toBe(true);
    expect(moved.url).toBe(`${elsewhere.base}/landed`);
    expect(elsewhere.seen.at(-1)?.headers.authorization).toBeUndefined();
    expect(elsewhere.seen.at(-1)?.headers.cookie).toBeUndefined();
    const seeOther = await guarded(`${allowed.base}/see-other`, { method: 'POST', body: '{}' });
    expect(await seeOther.json()).toEqual({ got: 'GET' });
    expect((await refusal(guarded(`${allowed.base}/to-elsewhere`, { redirect: 'error' }))).reason).toBe('status');
    expect((await guarded(`${allowed.base}/to-elsewhere`, { redirect: 'manual' })).status).toBe(307);
  });

  it('fails a body past maxBytes, decodes a compressed one, and gives no body for 204', async () => {
    const small = createGuardedFetch({ ...options, maxBytes: 1000 });
    const big = await small(`${allowed.base}/big`);
    const error = await big.text().then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as OutboundRefused).reason).toBe('too_large');
    const gz = await guarded(`${allowed.base}/gzip`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBeNull();
    expect(await gz.text()).toBe('decoded text');
    const empty = await guarded(`${allowed.base}/empty`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it('bounds the wait for an answer’s headers', async () => {
    const quick = createGuardedFetch({ ...options, headersTimeoutMs: 200 });
    expect((await refusal(quick(`${allowed.base}/silent`))).reason).toBe('timeout');
  });

  it('ends at the caller’s signal, before the answer and while its body streams', async () => {
    const silent = () => allowed.seen.filter((s) => s.path === '/silent').length;
    const asked = silent();
    const before = new AbortController();
    const waiting = guarded(`${allowed.base}/silent`, { signal: before.signal });
    await expect.poll(silent).toBe(asked + 1);
    before.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });

    const during = new AbortController();
    const response = await guarded(`${allowed.base}/hold`, { signal: during.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    const closedBefore = allowed.closed;
    during.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
    await expect.poll(() => allowed.closed).toBeGreaterThan(closedBefore);
    expect(() => during.signal.throwIfAborted()).toThrow();
  });
});
