import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Db, now } from '../../db/connection.js';

const SECRET_NAME = 'session';

/** The file where earlier versions kept the generated secret; read once so no one is signed out. */
export const legacySecretFile = (dataDir: string): string => path.join(dataDir, 'session-secret');

/**
 * The session secret every instance on this database shares: the stored one, or else the one an
 * earlier version kept in DATA_DIR (imported), or else a new random one. Two instances starting at
 * once agree: the first insert wins and both read the winner back.
 */
export async function sharedSessionSecret(db: Db, dataDir: string): Promise<string> {
  const stored = await readSecret(db);
  if (stored) return stored;
  const candidate = (await readLegacySecret(dataDir)) ?? randomBytes(32).toString('hex');
  await db.kysely
    .insertInto('app_secrets')
    .values({ name: SECRET_NAME, value: candidate, created_at: now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const winner = await readSecret(db);
  if (!winner) throw new Error('The session secret could not be stored in the database');
  return winner;
}

async function readSecret(db: Db): Promise<string | undefined> {
  const row = await db.kysely.selectFrom('app_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirst();
  return row?.value;
}

async function readLegacySecret(dataDir: string): Promise<string | undefined> {
  try {
    const kept = (await readFile(legacySecretFile(dataDir), 'utf8')).trim();
    // A short or damaged file is not worth keeping: a fresh secret only signs out sessions it could not protect.
    return kept.length >= 32 ? kept : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}
