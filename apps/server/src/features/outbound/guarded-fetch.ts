import { lookup as dnsLookup } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { type LookupFunction, isIP } from 'node:net';
import { type Readable, type Transform, pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { type AllowedCidrs, isPermittedAddress } from './address-policy.js';

/** Why a fetch made for a user did not give a page. */
export type OutboundRefusalReason =
  | 'invalid_url'
  | 'scheme'
  | 'credentials'
  | 'private_address'
  | 'dns'
  | 'too_many_redirects'
  | 'timeout'
  | 'aborted'
  | 'network'
  | 'encoding'
  | 'status'
  | 'content_type'
  | 'too_large';

/** The one error fetchPublic and readPageText throw: a caller skips the page and goes on. */
export class OutboundRefused extends Error {
  override readonly name = 'OutboundRefused';

  constructor(
    readonly reason: OutboundRefusalReason,
    message: string,
    /** The URL of the hop that failed (after redirects, not always the one asked for). */
    readonly url?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface FetchPublicOptions {
  /** Denied ranges the operator lets through (OUTBOUND_ALLOWED_CIDRS, see outboundPolicyFromEnv). */
  allowedCidrs?: AllowedCidrs;
  /** Redirects followed, each checked like the first URL (default 5). */
  maxRedirects?: number;
  /** The whole fetch, every redirect and the body included (default 8000). */
  timeoutMs?: number;
  /** Body bytes kept after decoding; the rest is not read and `truncated` is set (default 1 MB). */
  maxBytes?: number;
  /** Ends the fetch early (the user's request went away). */
  signal?: AbortSignal;
  /** The Accept header (default: web pages, then text). */
  accept?: string;
}

export interface PublicResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  contentType: string | null;
  body: Buffer;
  /** The body went past maxBytes and was cut there. */
  truncated: boolean;
}

export const OUTBOUND_DEFAULTS = { maxRedirects: 5, timeoutMs: 8000, maxBytes: 1_000_000 } as const;

const HEADERS = {
  'user-agent': 'EnsembleBot/1.0 (+https://ensemble.local)',
  accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5',
  'accept-encoding': 'gzip, deflate, br',
};
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A URL a user's fetch may ask for: http(s), no credentials, and no literal address outside the allowed ones. */
export function checkedUrl(input: string, base: URL | undefined, allowed: AllowedCidrs | undefined): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    throw new OutboundRefused('invalid_url', 'not a URL', base?.href);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundRefused('scheme', `${url.protocol} is not fetched`, url.href);
  if (url.username || url.password) throw new OutboundRefused('credentials', 'URLs with credentials are not fetched', url.origin);
  // Node connects to a literal address without calling lookup, so it is judged here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isPermittedAddress(host, allowed))
    throw new OutboundRefused('private_address', `${host} is not a public address`, url.href);
  url.hash = '';
  return url;
}

/**
 * A `lookup` for http(s).request that resolves as usual and keeps only the permitted addresses: the one checked is
 * the one connected to, so a name cannot answer public here and private at connect time. A refusal is also handed
 * to `onRefusal`, since the request's own error names only the socket's failure.
 */
export function permittedLookup(
  url: URL,
  allowed: AllowedCidrs | undefined,
  onRefusal: (refusal: OutboundRefused) => void,
): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        const refusal = new OutboundRefused('dns', `${hostname} did not resolve (${error.code ?? error.message})`, url.href, {
          cause: error,
        });
        onRefusal(refusal);
        return callback(refusal, '');
      }
      const permitted = addresses.filter((a) => isPermittedAddress(a.address, allowed));
      const first = permitted[0];
      if (!first) {
        const refusal = new OutboundRefused('private_address', `${hostname} resolves to no public address`, url.href);
        onRefusal(refusal);
        return callback(refusal, '');
      }
      if (options.all) return callback(null, permitted);
      callback(null, first.address, first.family);
    });
  };
}

/** One GET, no redirects followed; the socket connects only to an address the lookup let through. */
function get(url: URL, allowed: AllowedCidrs | undefined, signal: AbortSignal, accept: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    let refusal: OutboundRefused | undefined;
    const lookup = permittedLookup(url, allowed, (r) => {
      refusal = r;
    });
    const client = url.protocol === 'https:' ? https : http;
    // agent: false: a pooled socket would skip the lookup and could be one opened by a trusted caller.
    const request = client.request(url, { method: 'GET', headers: { ...HEADERS, accept }, agent: false, lookup, signal }, resolve);
    request.on('error', (error) => {
      reject(refusal ?? new OutboundRefused('network', `${url.host}: ${error.message}`, url.href, { cause: error }));
    });
    request.end();
  });
}

/** The body as the server meant it: Content-Encoding undone by zlib, each layer in turn. */
export function decoded(response: IncomingMessage, url: URL): { stream: Readable; decoders: Transform[] } {
  const codings = (response.headers['content-encoding'] ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity')
    .reverse();
  // Lenient like browsers: a compressed body that stops short still gives what it held.
  const flush = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  const decoders = codings.map((coding): Transform => {
    if (coding === 'gzip' || coding === 'x-gzip') return zlib.createGunzip(flush);
    if (coding === 'deflate') return zlib.createInflate(flush);
    if (coding === 'br') return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
    throw new OutboundRefused('encoding', `unsupported Content-Encoding ${coding}`, url.href);
  });
  if (decoders.length === 0) return { stream: response, decoders };
  // Errors reach the loop reading the last stream; the callback only keeps them from going unhandled.
  pipeline([response, ...decoders], () => {});
  return { stream: decoders.at(-1) as Transform, decoders };
}

/** Reads up to maxBytes of the decoded body; what is past it is never read. */
async function readBody(response: IncomingMessage, url: URL, maxBytes: number): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  let decodeError: Error | undefined;
  try {
    const { stream, decoders } = decoded(response, url);
    for (const d of decoders) d.once('error', (error) => (decodeError ??= error));
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const room = maxBytes - size;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        size = maxBytes;
        truncated = true;
        break;
      }
      chunks.push(chunk);
      size += chunk.length;
    }
  } catch (error) {
    if (error instanceof OutboundRefused) throw error;
    if (decodeError)
      throw new OutboundRefused('encoding', `the body could not be decoded: ${decodeError.message}`, url.href, { cause: error });
    throw new OutboundRefused('network', `${url.host}: ${(error as Error).message}`, url.href, { cause: error });
  } finally {
    response.destroy();
  }
  return { body: Buffer.concat(chunks, size), truncated };
}

/**
 * Fetches a URL a user named (a search result, a tool's target) with GET. Every hop is checked:
 * http(s) only, no credentials, and the address connected to (a literal one, or what the name
 * resolves to) must be public or in allowedCidrs. Redirects are followed here, up to
 * maxRedirects, each checked the same way. The whole fetch is bounded by timeoutMs and the decoded
 * body by maxBytes (cut there, with `truncated`). Any status is returned; only OutboundRefused is thrown.
 */
export async function fetchPublic(input: string | URL, options: FetchPublicOptions = {}): Promise<PublicResponse> {
  const { allowedCidrs, signal } = options;
  const maxRedirects = options.maxRedirects ?? OUTBOUND_DEFAULTS.maxRedirects;
  const timeoutMs = options.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? OUTBOUND_DEFAULTS.maxBytes;
  // One deadline for every hop and the body; the caller may end it sooner.
  const deadline = AbortSignal.timeout(timeoutMs);
  const ended = signal ? AbortSignal.any([signal, deadline]) : deadline;
  let current: URL | undefined;
  try {
    if (signal?.aborted) throw new OutboundRefused('aborted', 'the fetch was cancelled');
    current = checkedUrl(String(input), undefined, allowedCidrs);
    for (let redirects = 0; ; redirects++) {
      const response = await get(current, allowedCidrs, ended, options.accept ?? HEADERS.accept);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (redirects >= maxRedirects) throw new OutboundRefused('too_many_redirects', `more than ${maxRedirects} redirects`, current.href);
        current = checkedUrl(location, current, allowedCidrs);
        continue;
      }
      // Cut a body that trickles in as well, not only a slow answer.
      ended.addEventListener('abort', () => response.destroy(new Error('aborted')), { once: true });
      const { body, truncated } = await readBody(response, current, maxBytes);
      return { url: current.href, status, contentType: response.headers['content-type'] ?? null, body, truncated };
    }
  } catch (error) {
    if (deadline.aborted)
      throw new OutboundRefused('timeout', `no complete answer within ${timeoutMs} ms`, current?.href, { cause: error });
    if (signal?.aborted) throw new OutboundRefused('aborted', 'the fetch was cancelled', current?.href, { cause: error });
    if (error instanceof OutboundRefused) throw error;
    throw new OutboundRefused('network', (error as Error).message, current?.href, { cause: error });
  }
}
