import { randomBytes } from 'node:crypto';
import { type LookupAddress, lookup as dnsLookup } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { AUTH_PATHS } from '@ensemble/shared';
import type { ObjectStore } from '../images/object-store.js';
import { readImageHeader } from '../images/image-header.js';

/** The largest profile picture copied (Google's are a few kilobytes). */
export const PICTURE_MAX_BYTES = 1_000_000;
/** The widest and tallest profile picture copied. */
export const PICTURE_MAX_SIDE_PX = 2048;
const FETCH_TIMEOUT_MS = 5000;
const FILE_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

/** The object-store key of a copied profile picture, or null for a name the server never gives. */
export function pictureObjectKey(fileName: string): string | null {
  return FILE_NAME.test(fileName) ? `avatars/${fileName}` : null;
}

/** The store key behind one of our own picture URLs, or null for any other value (a legacy Google URL). */
export function ownPictureKey(picture: string | null): string | null {
  const prefix = `${AUTH_PATHS.picture}/`;
  return picture?.startsWith(prefix) ? pictureObjectKey(picture.slice(prefix.length)) : null;
}

// Addresses a picture fetch must never reach: loopback, private, link-local (cloud metadata), and the like.
const BLOCKED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  BLOCKED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net, bits, 'ipv6');

const isPublic = (address: string) => {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  return !BLOCKED.check(address, family);
};

// Resolves as usual, then refuses unless every address is public; the socket connects to the checked one.
const publicLookup: typeof dnsLookup = ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error);
    if (addresses.length === 0 || !addresses.every((a) => isPublic(a.address)))
      return callback(Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPICTUREBLOCKED' }));
    if ((options as { all?: boolean }).all) return callback(null, addresses);
    const first = addresses[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
}) as typeof dnsLookup;

/**
 * Where profile pictures may come from: https on Google's picture hosts (*.googleusercontent.com),
 * reached only at public addresses; or, when GOOGLE_PICTURE_ORIGINS is set, exactly those origins.
 */
export interface PictureSource {
  /** Origins named by the operator (tests, a proxy); they replace Google's hosts. */
  origins: readonly string[];
}

function allowed(url: URL, source: PictureSource): 'trusted' | 'public' | null {
  if (url.username || url.password) return null;
  if (source.origins.length > 0) return source.origins.includes(url.origin) ? 'trusted' : null;
  return url.protocol === 'https:' && url.hostname.endsWith('.googleusercontent.com') && !isIP(url.hostname) ? 'public' : null;
}

function get(url: URL, check: 'trusted' | 'public', signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      { signal, headers: { accept: 'image/*' }, ...(check === 'public' ? { lookup: publicLookup } : {}) },
      resolve,
    );
    request.on('error', reject);
  });
}

async function readCapped(response: IncomingMessage): Promise<Uint8Array | null> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > PICTURE_MAX_BYTES) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > PICTURE_MAX_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * Copies the picture a verified Google token names into our store and returns the URL we serve it
 * from; null when there is none or it cannot be had (a host not allowed, a private address, not
 * 200 (redirects are not followed), over PICTURE_MAX_BYTES, not a PNG, JPEG or WebP, too large a
 * canvas, slow). Never throws: a picture is never worth failing a sign-in for.
 */
export async function copyGooglePicture(
  pictureUrl: string | null,
  source: PictureSource,
  storage: ObjectStore,
  log: { warn(obj: object, msg: string): void },
): Promise<string | null> {
  if (!pictureUrl) return null;
  try {
    const url = new URL(pictureUrl);
    const check = allowed(url, source);
    if (!check) throw new Error('picture host not allowed');
    const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
    const response = await get(url, check, signal);
    if (response.statusCode !== 200) {
      response.resume();
      throw new Error(`picture answered ${response.statusCode}`);
    }
    const bytes = await readCapped(response);
    if (!bytes) {
      response.destroy();
      throw new Error('picture too large');
    }
    const header = readImageHeader(bytes);
    if (!header || header.width > PICTURE_MAX_SIDE_PX || header.height > PICTURE_MAX_SIDE_PX) throw new Error('not a picture we keep');
    const fileName = `${randomBytes(16).toString('hex')}.${header.ext}`;
    await storage.put(`avatars/${fileName}`, bytes, header.mediaType);
    return `${AUTH_PATHS.picture}/${fileName}`;
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'the Google profile picture was not copied; the account has none');
    return null;
  }
}
