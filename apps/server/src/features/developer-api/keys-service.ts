import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_CHARS,
  API_KEYS_MAX,
  type AdminApiKey,
  type ApiKey,
  AppError,
  type CreateKeyRequest,
  MESSAGES,
} from '@ensemble/shared';
import type { Kysely } from 'kysely';
import { type Db, hotQuery, now } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import { settleExpiredPlan } from '../billing/service.js';
import { spendingPeriods } from '../credits/service.js';

/** A key's stored form: its SHA-256 (a key is 256 random bits, so no slow hash is needed to keep it safe). */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

// A key is the prefix and 43 base64url characters (32 random bytes).
const KEY_SHAPE = /^ens_[A-Za-z0-9_-]{43}$/;

/** Creates a key for an account: answers the whole key (shown once) and its id. */
export async function createApiKey(db: Db, userId: number, body: CreateKeyRequest): Promise<{ key: string; id: number }> {
  if (body.expires_at && Date.parse(body.expires_at) <= Date.now())
    throw new AppError('bad_request', 'Invalid request: expires_at must be in the future');
  const live = await db.kysely
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(live.n) >= API_KEYS_MAX) throw new AppError('conflict', `An account can hold at most ${API_KEYS_MAX} keys. Revoke one first.`);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db.kysely
    .insertInto('api_keys')
    .values({
      user_id: userId,
      name: body.name,
      prefix: key.slice(0, API_KEY_SHOWN_CHARS),
      key_hash: hashApiKey(key),
      created_at: now(),
      last_used_at: null,
      expires_at: body.expires_at ? new Date(body.expires_at).toISOString() : null,
      monthly_limit: body.monthly_limit ?? null,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { key, id: row.id };
}

const keyColumns = [
  'id',
  'name',
  'prefix',
  'created_at',
  'last_used_at',
  'expires_at',
  'monthly_limit',
  'month_key',
  'month_spent',
  'revoked_at',
] as const;
interface KeyRow {
  id: number;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  monthly_limit: number | null;
  month_key: string;
  month_spent: number;
}

function shown(row: KeyRow): ApiKey {
  const { month } = spendingPeriods();
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    expires_at: row.expires_at,
    monthly_limit: row.monthly_limit,
    spent_this_month: row.month_key === month ? row.month_spent : 0,
  };
}

/** An account's live keys, newest first (revoked keys are gone from its list). */
export async function listApiKeys(db: Kysely<Database>, userId: number): Promise<ApiKey[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select([...keyColumns])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(shown);
}

/** Every key an account has had, newest first, revoked ones included (operators). */
export async function listKeysForOperator(db: Kysely<Database>, userId: number): Promise<AdminApiKey[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select([...keyColumns])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ ...shown(r), revoked_at: r.revoked_at }));
}

/**
 * Revokes a key (of `userId` when given: another account's key is answered like a missing one). Resolves to the
 * key's owner when this call revoked it, null when it was revoked already; throws 404 when there is no such key.
 */
export async function revokeApiKey(
  db: Kysely<Database>,
  id: number,
  userId: number | null,
): Promise<{ userId: number; name: string } | null> {
  let q = db.selectFrom('api_keys').select(['user_id', 'name', 'revoked_at']).where('id', '=', id);
  if (userId !== null) q = q.where('user_id', '=', userId);
  const key = await q.executeTakeFirst();
  if (!key) throw new AppError('not_found', 'No such API key');
  const done = await db
    .updateTable('api_keys')
    .set({ revoked_at: now() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0 ? { userId: key.user_id, name: key.name } : null;
}

const keyLookup = hotQuery((k, hash: string) =>
  k
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id',
      'api_keys.user_id',
      'api_keys.expires_at',
      'api_keys.revoked_at',
      'api_keys.last_used_at',
      'users.suspended_at',
      'users.subscription_status',
      'users.subscription_end_date',
    ])
    .where('api_keys.key_hash', '=', hash),
);

// last_used_at is written at most once a minute per key: a busy key does not write on every call.
const TOUCH_EVERY_MS = 60_000;

/**
 * The key behind an `Authorization: Bearer` value, read from the database on every call, so a revocation holds at
 * once on every instance. Throws 401 for a missing, malformed, unknown, expired or revoked key, and 403 for a
 * suspended account.
 */
export async function authenticateApiKey(db: Db, authorization: string | undefined): Promise<{ keyId: number; userId: number }> {
  const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  const key = match?.[1];
  if (!key || !KEY_SHAPE.test(key)) throw new AppError('unauthorized', MESSAGES.invalidApiKey);
  const [row] = await keyLookup(db, hashApiKey(key));
  const at = new Date();
  if (!row || row.revoked_at || (row.expires_at && Date.parse(row.expires_at) <= at.getTime()))
    throw new AppError('unauthorized', MESSAGES.invalidApiKey);
  if (row.suspended_at) throw new AppError('account_suspended', MESSAGES.accountSuspended);
  // As for a session: a cancelled plan whose period has ended becomes free before anything reads the account.
  if (row.subscription_status === 'canceled' && row.subscription_end_date && Date.parse(row.subscription_end_date) <= at.getTime())
    await settleExpiredPlan(db, row.user_id);
  if (!row.last_used_at || at.getTime() - Date.parse(row.last_used_at) >= TOUCH_EVERY_MS) {
    await db.kysely.updateTable('api_keys').set({ last_used_at: at.toISOString() }).where('id', '=', row.id).execute();
  }
  return { keyId: row.id, userId: row.user_id };
}
