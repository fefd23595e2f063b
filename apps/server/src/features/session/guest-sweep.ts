import type { FastifyBaseLogger } from 'fastify';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import { guestAttachments, removeSweptAttachments, sweepUnsentAttachments } from '../attachments/sweep.js';
import { type ObjectStore, imageObjectKey } from '../images/object-store.js';

const DAY_MS = 24 * 3600 * 1000;
/** How often each instance sweeps; the first sweep runs a minute or two after start. */
export const GUEST_SWEEP_EVERY_MS = 3600 * 1000;
const FIRST_SWEEP_MS = 60_000;
const BATCH = 200;

/** What one sweep removed. */
export interface SweepResult {
  guests: number;
  files: number;
}

/** Guests made before the cutoff whose sessions have all been unseen since it (or who have none left). */
function inactiveSince(cutoff: string) {
  return (eb: ExpressionBuilder<Database, 'guests'>) =>
    eb.and([
      eb('guests.created_at', '<', cutoff),
      eb.not(
        eb.exists(
          eb
            .selectFrom('sessions')
            .select(sql`1`.as('one'))
            .whereRef('sessions.guest_id', '=', 'guests.id')
            .where('sessions.last_seen_at', '>=', cutoff),
        ),
      ),
    ]);
}

/**
 * Deletes guests inactive for `ttlDays` with their sessions, threads, messages, activity and
 * images (rows by cascade, files here); their ledger rows stay with guest_id nulled (migration 002).
 * Safe on several instances at once: PostgreSQL instances claim disjoint batches (SKIP LOCKED),
 * a delete re-checks inactivity, only the instance whose delete removed a guest unlinks its files,
 * and a file whose image row still exists (adopted by an account meanwhile) is never unlinked.
 */
export async function sweepInactiveGuests(db: Db, storage: ObjectStore, ttlDays: number, at = Date.now()): Promise<SweepResult> {
  const cutoff = new Date(at - ttlDays * DAY_MS).toISOString();
  const inactive = inactiveSince(cutoff);
  const out: SweepResult = { guests: 0, files: 0 };
  let after = 0;
  for (;;) {
    const batch = await db.kysely
      .selectFrom('guests')
      .select('id')
      .where(inactive)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    const ids = batch.map((r) => r.id);
    if (ids.length === 0) break;
    after = ids[ids.length - 1] as number;
    const images = await db.kysely.selectFrom('images').select(['guest_id', 'file_name']).where('guest_id', 'in', ids).execute();
    const attached = await guestAttachments(db.kysely, ids);
    const deleted = await db.kysely
      .deleteFrom('guests')
      .where(inactive)
      .where('guests.id', 'in', (eb) => {
        const claim = eb.selectFrom('guests as g').select('g.id').where('g.id', 'in', ids);
        // Another instance sweeping the same rows holds their locks; skip them rather than wait.
        return db.dialect === 'postgres' ? claim.forUpdate().skipLocked() : claim;
      })
      .returning('id')
      .execute();
    out.guests += deleted.length;
    const gone = new Set(deleted.map((r) => r.id));
    const files = images.filter((i) => i.guest_id != null && gone.has(i.guest_id)).map((i) => i.file_name);
    out.files += await removeOrphanFiles(db, storage, files);
    out.files += await removeSweptAttachments(db.kysely, storage, attached, gone);
  }
  return out;
}

async function removeOrphanFiles(db: Db, storage: ObjectStore, fileNames: string[]): Promise<number> {
  if (fileNames.length === 0) return 0;
  const kept = await db.kysely.selectFrom('images').select('file_name').where('file_name', 'in', fileNames).execute();
  const keep = new Set(kept.map((r) => r.file_name));
  let removed = 0;
  for (const name of fileNames) {
    if (keep.has(name)) continue;
    const key = imageObjectKey(name);
    if ((await storage.size(key)) === null) continue;
    await storage.remove(key);
    removed++;
  }
  return removed;
}

/** Drops rows that only ever matter for a short while: expired sessions and resets, old guest allowances. */
export async function pruneExpiredRows(db: Db, at = Date.now()): Promise<void> {
  const t = new Date(at).toISOString();
  await db.kysely.deleteFrom('sessions').where('expires_at', '<', t).execute();
  await db.kysely
    .deleteFrom('password_resets')
    .where('expires_at', '<', new Date(at - DAY_MS).toISOString())
    .execute();
  await db.kysely
    .deleteFrom('guest_allowances')
    .where('day', '<', new Date(at - 2 * DAY_MS).toISOString().slice(0, 10))
    .execute();
}

/** Runs the sweep periodically on this instance until the returned stop() is called. */
export function startGuestSweep(
  db: Db,
  storage: ObjectStore,
  ttlDays: number,
  log: FastifyBaseLogger,
  timing: { firstMs?: number; everyMs?: number } = {},
): () => Promise<void> {
  const every = timing.everyMs ?? GUEST_SWEEP_EVERY_MS;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout;
  const schedule = (ms: number) => {
    timer = setTimeout(() => {
      running = sweepOnce().finally(() => {
        // The next sweep is timed from the end of this one, so sweeps on one instance never overlap.
        if (!stopped) schedule(every);
      });
    }, ms);
    timer.unref();
  };
  const sweepOnce = async () => {
    try {
      const result = await sweepInactiveGuests(db, storage, ttlDays);
      await pruneExpiredRows(db);
      const unsent = await sweepUnsentAttachments(db.kysely, storage);
      if (unsent) log.info({ attachments: unsent }, 'unsent attachments removed');
      if (result.guests) log.info(result, 'inactive guests removed');
    } catch (err) {
      log.error({ err }, 'guest sweep failed; it will run again');
    }
  };
  // A random delay spreads several instances started together.
  schedule(timing.firstMs ?? FIRST_SWEEP_MS + Math.floor(Math.random() * FIRST_SWEEP_MS));
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
