import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';

/**
 * How a fake answers its main endpoint: normally, with an HTTP error, cut mid-answer, or never;
 * 'content_filter' and 'safety' refuse as the provider does; 'overloaded' fails inside a 200 stream
 * (Anthropic); 'processing' and 'stuck' keep a Replicate prediction running (then done, or forever);
 * 'unsafe_image' answers Ideogram's is_image_safe: false; 'slow' waits `slowMs` before the first token;
 * 'thinking' (Anthropic) streams a thinking block, then waits `slowMs` before the text;
 * 'huge_image' answers a PNG whose header claims a size beyond any limit.
 */
export type FakeBehaviour =
  | 'ok'
  | 401
  | 429
  | 500
  | 503
  | 'cut'
  | 'hang'
  | 'content_filter'
  | 'safety'
  | 'overloaded'
  | 'processing'
  | 'stuck'
  | 'unsafe_image'
  | 'slow'
  | 'thinking'
  | 'huge_image';

/** One request a fake received. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or the raw text when it is not JSON, or undefined when empty. */
  body: unknown;
}

/** A running fake provider. */
export interface FakeServer {
  /** http://127.0.0.1:port, no trailing slash. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  behaviour: FakeBehaviour;
  /** The text deltas streaming endpoints send, in order. */
  chunks: string[];
  /** The model ids the provider serves; any other id is refused as the real API refuses it. */
  served: Set<string>;
  /** How long 'slow' waits before the first token, in ms. */
  slowMs: number;
  /** What the provider's own web search finds and answers when a request declares its search tool (issue 38). */
  search: FakeSearch;
  /** The last request to a path ending with `suffix` (the last of all when omitted). */
  lastRequest(suffix?: string): RecordedRequest | undefined;
  close(): Promise<void>;
}

/** What a provider-specific handler gets for each request. */
export interface FakeContext {
  req: IncomingMessage;
  res: ServerResponse;
  request: RecordedRequest;
  fake: FakeServer;
}

/** A provider-specific request handler. */
export type FakeHandler = (ctx: FakeContext) => unknown;

/** Text every fake error body carries, so tests can prove raw bodies never reach a user message. */
export const RAW_BODY_MARKER = 'upstream-raw-detail-7f3a9c';

/** The default streamed reply, split as a provider would split it. */
export const DEFAULT_CHUNKS = ['Hello', ', world', '! This', ' is a', ' streamed', ' reply', '.'];

/**
 * A web search as a fake runs it when a request declares the provider's search tool (issue 38); each fake renders it
 * in its provider's wire format (search calls, results, citations on the text, the usage that counts searches).
 */
export interface FakeSearch {
  /** The queries the model runs, one search call each; none: it answers without searching. */
  queries: string[];
  /** The pages its searches found. */
  results: { url: string; title: string }[];
  /**
   * The reply in pieces, in order; the text streamed is the pieces joined (plus whatever inline citation form the
   * provider writes). A piece with `cites` is supported by those results (indices into `results`).
   */
  answer: { text: string; cites?: number[] }[];
}

/** The search every fake runs unless a test sets `fake.search`. */
export const DEFAULT_SEARCH: FakeSearch = {
  queries: ['ensemble credits refund'],
  results: [
    { url: 'https://docs.example.org/credits', title: 'How credits work' },
    { url: 'https://news.example.com/2026/refunds?utm_source=feed', title: 'Refunds explained' },
  ],
  answer: [
    { text: 'Credits are reserved when you send' },
    { text: ' and kept only for a reply that arrives.', cites: [0] },
    { text: ' A failed reply is refunded in full.', cites: [1, 0] },
    { text: ' Café prices vary 🙂.' },
  ],
};

/** A tiny real PNG the image fakes return. */
export const FAKE_PNG: Buffer = (() => {
  const png = new PNG({ width: 8, height: 8 });
  png.data.fill(200);
  return PNG.sync.write(png);
})();

/** FAKE_PNG with its header rewritten to claim 100000x100000 pixels (a decompression bomb's calling card). */
export const HUGE_CLAIM_PNG: Buffer = (() => {
  const png = Buffer.from(FAKE_PNG);
  png.writeUInt32BE(100_000, 16);
  png.writeUInt32BE(100_000, 20);
  return png;
})();

/** Starts a fake on 127.0.0.1 with a free port; every request is recorded before the handler runs. */
export async function startFakeServer(handler: FakeHandler, served: readonly string[] = []): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: parseBody(raw),
    };
    requests.push(request);
    try {
      await handler({ req, res, request, fake });
    } catch {
      if (!res.headersSent) sendJson(res, 500, { error: 'fake handler failed' });
      else res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeServer = {
    url: `http://127.0.0.1:${port}`,
    requests,
    behaviour: 'ok',
    chunks: [...DEFAULT_CHUNKS],
    served: new Set(served),
    slowMs: 1000,
    search: structuredClone(DEFAULT_SEARCH),
    lastRequest: (suffix) => [...requests].reverse().find((r) => !suffix || r.path.endsWith(suffix)),
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging requests would keep the server open forever.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

/** Answers with a JSON body. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** Starts a text/event-stream answer. */
export function startSse(res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
}

/** Writes one SSE event; multi-line data becomes several data lines, as the format requires. */
export function writeSse(res: ServerResponse, data: string, event?: string, newline = '\n'): void {
  const lines = data.split('\n').map((line) => `data: ${line}`);
  res.write(`${event ? `event: ${event}${newline}` : ''}${lines.join(newline)}${newline}${newline}`);
}

/** Drops the connection without finishing the answer, as a failing network would. */
export function cutConnection(res: ServerResponse): void {
  res.socket?.destroy();
}

/** The bearer token or API key a request carried (fakes echo it in errors, as some providers do). */
export function presentedKey(request: RecordedRequest): string {
  const auth = request.headers.authorization ?? '';
  const header = request.headers['x-api-key'] ?? request.headers['x-goog-api-key'] ?? request.headers['api-key'] ?? '';
  return (auth.replace(/^Bearer\s+/i, '') || String(header)).trim();
}

/** Streams `chunks` (the fake's own unless given) through `write`, or cuts the connection after two of them in 'cut' mode. */
export async function streamChunks(
  ctx: FakeContext,
  write: (chunk: string, index: number) => void,
  chunks: readonly string[] = ctx.fake.chunks,
): Promise<boolean> {
  if (ctx.fake.behaviour === 'slow') await new Promise((resolve) => setTimeout(resolve, ctx.fake.slowMs));
  if (ctx.res.destroyed) return false;
  for (const [index, chunk] of chunks.entries()) {
    if (ctx.fake.behaviour === 'cut' && index === 2) {
      cutConnection(ctx.res);
      return false;
    }
    write(chunk, index);
    // A tick between chunks so the client really receives them as separate reads.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return true;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

function parseBody(raw: string): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** A provider's error bodies: for an HTTP status (given the presented key), and for a content-policy refusal. */
export interface ErrorBodies {
  status(status: number, key: string): unknown;
  contentFilter: unknown;
  /** The status of a content-policy refusal (400 unless the provider says otherwise). */
  contentFilterStatus?: number;
}

/**
 * Answers the behaviours that need no success body (HTTP errors, a refusal, hanging).
 * Returns true when it handled the request, false when the handler should answer normally.
 */
export function misbehave(ctx: FakeContext, bodies: ErrorBodies): boolean {
  const { behaviour } = ctx.fake;
  if (typeof behaviour === 'number') {
    sendJson(ctx.res, behaviour, bodies.status(behaviour, presentedKey(ctx.request)));
    return true;
  }
  if (behaviour === 'content_filter') {
    sendJson(ctx.res, bodies.contentFilterStatus ?? 400, bodies.contentFilter);
    return true;
  }
  // Never answer: the client's timeout must end the call.
  return behaviour === 'hang';
}
