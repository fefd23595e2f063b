import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import type { AllowedCidrs } from './address-policy.js';
import { OutboundRefused, checkedUrl, decoded, permittedLookup } from './guarded-fetch.js';

/** What a guarded fetch allows; the defaults suit a protocol spoken over POST and event streams (MCP). */
export interface GuardedFetchOptions {
  /** Denied ranges the operator lets through (OUTBOUND_ALLOWED_CIDRS, see outboundPolicyFromEnv). */
  allowedCidrs?: AllowedCidrs;
  /** Connecting and receiving an answer's headers, for each hop (default 10000). The body may stream for longer. */
  headersTimeoutMs?: number;
  /** Decoded body bytes one answer may carry; past them the body fails with OutboundRefused('too_large') (default 8 MB). */
  maxBytes?: number;
  /** Redirects followed (redirect: 'follow'), each checked like the first URL (default 5). */
  maxRedirects?: number;
}

/** A `fetch` for URLs a user named: same call shape as the global one. */
export type GuardedFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export const GUARDED_FETCH_DEFAULTS = { headersTimeoutMs: 10_000, maxBytes: 8 * 1024 * 1024, maxRedirects: 5 } as const;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const USER_AGENT = 'EnsembleBot/1.0 (+https://ensemble.local)';

interface Outgoing {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

async function bodyBytes(body: RequestInit['body'] | undefined): Promise<Buffer | undefined> {
  if (body == null) return undefined;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof URLSearchParams) return Buffer.from(body.toString(), 'utf8');
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof Blob) return Buffer.from(await body.arrayBuffer());
  throw new TypeError('guarded fetch: streamed and form bodies are not supported');
}

/** The request as plain parts: a Request's own method, headers and body unless init overrides them. */
async function outgoing(
  input: string | URL | Request,
  init: RequestInit | undefined,
  allowed: AllowedCidrs | undefined,
): Promise<Outgoing> {
  const request = input instanceof Request ? input : undefined;
  const url = checkedUrl(request ? request.url : String(input), undefined, allowed);
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = {};
  new Headers(init?.headers ?? request?.headers).forEach((value, name) => {
    headers[name] = value;
  });
  headers['user-agent'] ??= USER_AGENT;
  // Event streams arrive as they are written; a compressed answer is still decoded below.
  headers['accept-encoding'] ??= 'identity';
  let body = await bodyBytes(init?.body);
  if (body === undefined && request && init?.body === undefined && request.body) body = Buffer.from(await request.arrayBuffer());
  if (body !== undefined) headers['content-length'] = String(body.length);
  return { url, method, headers, body };
}

/** One request, no redirects followed, connected only to an address the lookup permitted; settles with the answer's head. */
function send(
  out: Outgoing,
  allowed: AllowedCidrs | undefined,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    let refusal: OutboundRefused | undefined;
    const lookup = permittedLookup(out.url, allowed, (r) => {
      refusal = r;
    });
    const client = out.url.protocol === 'https:' ? https : http;
    // agent: false: a pooled socket would skip the lookup and could be one opened for another caller.
    const request = client.request(out.url, { method: out.method, headers: out.headers, agent: false, lookup });
    const timer = setTimeout(() => {
      refusal ??= new OutboundRefused('timeout', `no answer from ${out.url.host} within ${timeoutMs} ms`, out.url.href);
      request.destroy(refusal);
    }, timeoutMs);
    const onAbort = () => request.destroy(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    request.once('response', (response) => {
      done();
      // Later failures reach whoever reads the body (bodyStream); this keeps one nobody reads from crashing the process.
      response.on('error', () => undefined);
      resolve(response);
    });
    request.on('error', (error) => {
      done();
      if (signal?.aborted) return reject(signal.reason);
      reject(refusal ?? new OutboundRefused('network', `${out.url.host}: ${error.message}`, out.url.href, { cause: error }));
    });
    request.end(out.body);
  });
}

/** The answer's body as a web stream: read as the caller reads it, cut with an error past maxBytes or at abort. */
function bodyStream(response: IncomingMessage, url: URL, maxBytes: number, signal: AbortSignal | undefined): ReadableStream<Uint8Array> {
  let source: Readable;
  let size = 0;
  let finished = false;
  let onAbort: (() => void) | undefined;
  const settle = () => {
    finished = true;
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const fail = (error: unknown) => {
          if (finished) return;
          settle();
          controller.error(error);
          response.destroy();
        };
        try {
          source = decoded(response, url).stream;
        } catch (error) {
          return fail(error);
        }
        onAbort = () => fail(signal?.reason);
        if (signal?.aborted) return onAbort();
        signal?.addEventListener('abort', onAbort, { once: true });
        source.on('data', (chunk: Buffer) => {
          if (finished) return;
          size += chunk.length;
          if (size > maxBytes)
            return fail(new OutboundRefused('too_large', `the answer from ${url.host} is larger than ${maxBytes} bytes`, url.href));
          controller.enqueue(new Uint8Array(chunk));
          if ((controller.desiredSize ?? 0) <= 0) source.pause();
        });
        source.once('end', () => {
          if (finished) return;
          settle();
          controller.close();
        });
        source.on('error', (error) =>
          fail(new OutboundRefused('network', `${url.host}: ${(error as Error).message}`, url.href, { cause: error })),
        );
        source.once('close', () => fail(new OutboundRefused('network', `${url.host} closed the connection mid-answer`, url.href)));
      },
      pull() {
        source?.resume();
      },
      cancel() {
        settle();
        response.destroy();
      },
    },
    new CountQueuingStrategy({ highWaterMark: 16 }),
  );
}

function toResponse(
  response: IncomingMessage,
  out: Outgoing,
  maxBytes: number,
  signal: AbortSignal | undefined,
  redirected: boolean,
): Response {
  const status = response.statusCode ?? 0;
  const headers = new Headers();
  const raw = response.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  const encoded = Boolean(response.headers['content-encoding']) && !/^\s*identity\s*$/i.test(response.headers['content-encoding'] ?? '');
  if (encoded) {
    // The body handed on is decoded, so the length and coding of the wire no longer describe it.
    headers.delete('content-encoding');
    headers.delete('content-length');
  }
  const empty = NULL_BODY.has(status) || out.method === 'HEAD';
  if (empty) response.resume();
  let answer: Response;
  try {
    answer = new Response(empty ? null : bodyStream(response, out.url, maxBytes, signal), {
      status,
      statusText: response.statusMessage ?? '',
      headers,
    });
  } catch (error) {
    response.destroy();
    throw new OutboundRefused('status', `${out.url.host} answered with status ${status}`, out.url.href, { cause: error });
  }
  Object.defineProperty(answer, 'url', { value: out.url.href });
  Object.defineProperty(answer, 'redirected', { value: redirected });
  return answer;
}

/**
 * A `fetch` for URLs a user named that may POST and stream (MCP's transports take it as their `fetch`). Every hop is
 * checked as fetchPublic checks it: http(s) only, no credentials in the URL, and the address connected to (a literal
 * one, or what the name resolves to, pinned for the connection) must be public or in allowedCidrs. Redirects are
 * followed only to checked URLs (with the Authorization and Cookie headers dropped when the origin changes), refused
 * with redirect: 'error', handed back with 'manual'. Connecting and the answer's headers are bounded by
 * headersTimeoutMs, the decoded body by maxBytes; the body streams as it arrives and the caller's signal ends it.
 * Fails with OutboundRefused, or with the signal's reason once aborted.
 */
export function createGuardedFetch(options: GuardedFetchOptions = {}): GuardedFetch {
  const { allowedCidrs } = options;
  const timeoutMs = options.headersTimeoutMs ?? GUARDED_FETCH_DEFAULTS.headersTimeoutMs;
  const maxBytes = options.maxBytes ?? GUARDED_FETCH_DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? GUARDED_FETCH_DEFAULTS.maxRedirects;
  return async (input, init) => {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined) ?? undefined;
    signal?.throwIfAborted();
    const out = await outgoing(input, init, allowedCidrs);
    const mode = init?.redirect ?? 'follow';
    for (let redirects = 0; ; redirects++) {
      const response = await send(out, allowedCidrs, timeoutMs, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (!REDIRECTS.has(status) || !location || mode === 'manual') return toResponse(response, out, maxBytes, signal, redirects > 0);
      response.destroy();
      if (mode === 'error')
        throw new OutboundRefused('status', `${out.url.host} redirected, and redirects are not followed here`, out.url.href);
      if (redirects >= maxRedirects) throw new OutboundRefused('too_many_redirects', `more than ${maxRedirects} redirects`, out.url.href);
      const next = checkedUrl(location, out.url, allowedCidrs);
      if (next.origin !== out.url.origin) {
        delete out.headers.authorization;
        delete out.headers.cookie;
      }
      if ((status === 303 && out.method !== 'HEAD') || ((status === 301 || status === 302) && out.method === 'POST')) {
        out.method = 'GET';
        out.body = undefined;
        delete out.headers['content-length'];
        delete out.headers['content-type'];
      }
      out.url = next;
    }
  };
}
