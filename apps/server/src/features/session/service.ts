import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { CREDITS } from '@ensemble/shared';
import { type Db, hotQuery, now } from '../../db/connection.js';
import { METRIC, bump } from '../rollups/rollups.js';
import { networkOf } from './devices.js';

/** Who is calling: an account or a guest, from the session cookie alone. */
export type Identity =
  /** An account; `apiKeyId` when the request came through one of its API keys (issue 39), which then pays too. */
  | { kind: 'user'; userId: number; guestId: null; sessionHash: string; apiKeyId?: number }
  | { kind: 'guest'; guestId: number; userId: null; sessionHash: string };

export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
const TOUCH_EVERY_MS = 3600 * 1000;

/** A new opaque session id (256 random bits) and its keyed hash, the only form stored. */
export function newSessionId(secret: string): { id: string; hash: string } {
  const id = randomBytes(32).toString('base64url');
  return { id, hash: hashSessionId(secret, id) };
}

export function hashSessionId(secret: string, id: string): string {
  return createHmac('sha256', secret).update(id).digest('hex');
}

/** How long a session replaced at sign-in is remembered, so requests still in flight with it are told so. */
export const REPLACED_SESSION_TTL_MS = 5 * 60 * 1000;

const sessionLookup = hotQuery((k, hash: string) =>
  k
    .selectFrom('sessions')
    .leftJoin('guests', 'guests.id', 'sessions.guest_id')
    .leftJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.user_id',
      'sessions.guest_id',
      'sessions.expires_at',
      'sessions.last_seen_at',
      'sessions.revoked',
      'guests.retired_at',
      'users.subscription_status',
      'users.subscription_end_date',
      'users.suspended_at',
    ])
    .where('sessions.id_hash', '=', hash),
);

/** A session revoked since the caller's last request (its row is gone now): why, so the caller is told once. */
export type Revoked = { revoked: string };

/**
 * Reads the identity behind a session hash: null when the session is unknown, expired or its guest
 * retired; 'replaced' when a sign-in replaced it a moment ago (it grants nothing); Revoked when it
 * was revoked (e.g. its account suspended). `planEnded` says the account's cancelled plan has
 * passed its end date (read in the same query).
 */
export async function findIdentity(
  db: Db,
  hash: string,
): Promise<{ identity: Identity | 'replaced' | Revoked | null; planEnded: boolean }> {
  const [row] = await sessionLookup(db, hash);
  const identity = row ? await identityOf(db, hash, row) : null;
  const planEnded =
    row?.subscription_status === 'canceled' && row.subscription_end_date != null && Date.parse(row.subscription_end_date) <= Date.now();
  return { identity, planEnded };
}

async function identityOf(
  db: Db,
  hash: string,
  row: {
    user_id: number | null;
    guest_id: number | null;
    expires_at: string;
    last_seen_at: string;
    revoked: string | null;
    retired_at: string | null;
    suspended_at: string | null;
  },
): Promise<Identity | 'replaced' | Revoked | null> {
  const t = Date.now();
  // A revoked session, or one of a suspended account, ends at once on every instance (each request
  // reads this row); its first request after that is told why, then the row is gone.
  const revoked = row.revoked ?? (row.user_id != null && row.suspended_at ? 'suspended' : null);
  if (revoked || Date.parse(row.expires_at) <= t) {
    await db.kysely.deleteFrom('sessions').where('id_hash', '=', hash).execute();
    return revoked ? { revoked } : null;
  }
  if (t - Date.parse(row.last_seen_at) > TOUCH_EVERY_MS) {
    await db.kysely
      .updateTable('sessions')
      .set({ last_seen_at: now(), expires_at: new Date(t + SESSION_TTL_MS).toISOString() })
      .where('id_hash', '=', hash)
      .execute();
  }
  if (row.user_id != null) return { kind: 'user', userId: row.user_id, guestId: null, sessionHash: hash };
  if (row.guest_id != null && !row.retired_at) return { kind: 'guest', guestId: row.guest_id, userId: null, sessionHash: hash };
  if (row.user_id == null && row.guest_id == null) return 'replaced';
  return null;
}

/**
 * Ends a session at sign-in, leaving an ownerless marker for a few minutes: requests already in
 * flight with the old cookie are then refused instead of minting a new guest whose cookie would
 * overwrite the new session's.
 */
export async function replaceSession(db: Db, hash: string): Promise<void> {
  const t = now();
  const expires = new Date(Date.now() + REPLACED_SESSION_TTL_MS).toISOString();
  await db.kysely
    .insertInto('sessions')
    .values({ id_hash: hash, user_id: null, guest_id: null, created_at: t, last_seen_at: t, expires_at: expires })
    .onConflict((oc) => oc.column('id_hash').doUpdateSet({ user_id: null, guest_id: null, last_seen_at: t, expires_at: expires }))
    .execute();
}

/**
 * Makes a guest identity for a client address: 25 credits for the first N of the day from that
 * address, 0 after that (so clearing cookies does not mint credits without bound).
 */
export async function createGuest(db: Db, clientAddress: string, perAddressPerDay: number): Promise<number> {
  const day = new Date().toISOString().slice(0, 10);
  return db.kysely.transaction().execute(async (trx) => {
    const allowance = await trx
      .insertInto('guest_allowances')
      .values({ client_address: clientAddress, day, count: 1 })
      .onConflict((oc) => oc.columns(['client_address', 'day']).doUpdateSet({ count: sql`guest_allowances.count + 1` }))
      .returning('count')
      .executeTakeFirstOrThrow();
    const credits = allowance.count <= perAddressPerDay ? CREDITS.guest : 0;
    const guest = await trx
      .insertInto('guests')
      .values({ credits, credits_used: 0, client_address: clientAddress, retired_at: null, created_at: now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('credit_ledger')
      .values({
        user_id: null,
        guest_id: guest.id,
        delta: credits,
        balance_after: credits,
        reason: 'guest_grant',
        model: null,
        reference: null,
        created_at: now(),
      })
      .execute();
    if (credits > 0) await bump(trx, METRIC.fundedGuests, '', 1, day);
    return guest.id;
  });
}

/** Whom a new session is for; `secondFactor` when its sign-in passed one (the operator console requires it). */
export interface SessionOwner {
  userId?: number;
  guestId?: number;
  secondFactor?: 'totp' | 'recovery' | 'passkey';
}

/** Stores a new session for a user or guest and returns its raw id for the cookie. */
export async function createSession(
  db: Db,
  secret: string,
  owner: SessionOwner,
  client: { userAgent?: string | undefined; address?: string | undefined } = {},
): Promise<{ id: string; hash: string }> {
  const s = newSessionId(secret);
  const t = now();
  await db.kysely
    .insertInto('sessions')
    .values({
      id_hash: s.hash,
      user_id: owner.userId ?? null,
      guest_id: owner.guestId ?? null,
      created_at: t,
      last_seen_at: t,
      expires_at: new Date(Date.now() + SESSION_TTL_MS).toISOString(),
      user_agent: client.userAgent ? client.userAgent.slice(0, 400) : null,
      network: client.address ? networkOf(client.address) : null,
      second_factor: owner.secondFactor ?? null,
    })
    .execute();
  return s;
}

/** Ends one session. */
export async function deleteSession(db: Db, hash: string): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('id_hash', '=', hash).execute();
}

/** Ends every session of a user except, optionally, one. */
export async function deleteUserSessions(db: Db, userId: number, exceptHash?: string): Promise<void> {
  let q = db.kysely.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptHash) q = q.where('id_hash', '!=', exceptHash);
  await q.execute();
}
