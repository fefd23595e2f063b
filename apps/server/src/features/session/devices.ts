import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { AppError, type DeviceSession } from '@ensemble/shared';
import type { Db } from '../../db/connection.js';

/**
 * Session control (issue 44): the devices an account is signed in on, told apart by their user agent and the network
 * of their address (no location service is asked), each of which can be signed out.
 */

/** The network of an address: IPv4's first 24 bits, IPv6's first 48 (an IPv4-mapped IPv6 address counts as IPv4). */
export function networkOf(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  if (isIP(ip) === 4) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIP(ip) !== 6) return null;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  const prefix = groups.slice(0, 3).map((g) => Number.parseInt(g || '0', 16).toString(16));
  return `${prefix.join(':')}::/48`;
}

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  // HeadlessChrome too (automation, some embedded browsers).
  [/\b(Headless)?Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The browser and system a user agent names (null for what it does not tell), and whether it is a phone or tablet. */
export function describeUserAgent(userAgent: string | null): { browser: string | null; os: string | null; mobile: boolean } {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null;
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null;
  return { browser, os, mobile: /\bMobile\b|\b(iPhone|iPad|iPod)\b|\bAndroid\b/.test(ua) };
}

/** The id a session is shown under: from its stored hash, never its cookie, and not the hash itself. */
export const publicSessionId = (hash: string): string => createHash('sha256').update(`device:${hash}`).digest('hex').slice(0, 24);

/** The account's live sessions, this one first, then the most recently used. */
export async function listDevices(db: Db, userId: number, currentHash: string): Promise<DeviceSession[]> {
  const rows = await db.kysely
    .selectFrom('sessions')
    .select(['id_hash', 'user_agent', 'network', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('revoked', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .orderBy('last_seen_at', 'desc')
    .execute();
  return rows
    .map((row) => ({
      id: publicSessionId(row.id_hash),
      ...describeUserAgent(row.user_agent),
      network: row.network,
      created_at: row.created_at,
      last_seen_at: row.last_seen_at,
      current: row.id_hash === currentHash,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Signs out sessions of the account: one by its public id, or every one but the caller's. Each is marked revoked, so
 * its next request on any instance is refused (and told it was signed out); returns their hashes, for the caller to
 * cut their running replies.
 */
export async function signOutDevices(db: Db, userId: number, currentHash: string, which: { id: string } | 'others'): Promise<string[]> {
  // The sessions the list shows: live ones (an expired one ends by itself at its next request).
  const rows = await db.kysely
    .selectFrom('sessions')
    .select('id_hash')
    .where('user_id', '=', userId)
    .where('revoked', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .execute();
  let hashes: string[];
  if (which === 'others') hashes = rows.map((r) => r.id_hash).filter((h) => h !== currentHash);
  else {
    const found = rows.find((r) => publicSessionId(r.id_hash) === which.id);
    if (!found) throw new AppError('not_found', 'That device is not signed in.');
    if (found.id_hash === currentHash)
      throw new AppError('bad_request', 'This is the device you are using: sign out from the account menu.');
    hashes = [found.id_hash];
  }
  if (hashes.length) await db.kysely.updateTable('sessions').set({ revoked: 'signed_out' }).where('id_hash', 'in', hashes).execute();
  return hashes;
}
