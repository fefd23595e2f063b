import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { AUTH_PATHS } from '@ensemble/shared';
import type { ObjectStore } from '../images/object-store.js';
import { readImageHeader } from '../images/image-header.js';
import { parseAllowedCidrs } from '../outbound/address-policy.js';
import { fetchPublic } from '../outbound/guarded-fetch.js';

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

// The operator's own origins are trusted as configured (tests, a proxy on a private address).
const TRUST_ALL = parseAllowedCidrs('0.0.0.0/0,::/0');

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
    // Google's hosts go through the outbound guard (public addresses only); redirects are not followed.
    const response = await fetchPublic(url, {
      maxRedirects: 0,
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBytes: PICTURE_MAX_BYTES,
      accept: 'image/*',
      ...(check === 'trusted' ? { allowedCidrs: TRUST_ALL } : {}),
    });
    if (response.status !== 200) throw new Error(`picture answered ${response.status}`);
    if (response.truncated) throw new Error('picture too large');
    const bytes = new Uint8Array(response.body);
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
