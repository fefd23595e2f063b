import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { ObjectStore } from '../images/object-store.js';

type Swept = { id: string; guest_id: number | null; file_key: string; thumbnail_key: string | null };

/** The attachments of a batch of guests about to be swept (read before their rows go by cascade). */
export function guestAttachments(db: Kysely<Database>, guestIds: number[]): Promise<Swept[]> {
  if (guestIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('attachments').select(['id', 'guest_id', 'file_key', 'thumbnail_key']).where('guest_id', 'in', guestIds).execute();
}

/**
 * Removes the files of swept guests' attachments: only those whose guest this instance deleted, and
 * never one whose row still exists (adopted by an account meanwhile). Returns how many files went.
 */
export async function removeSweptAttachments(
  db: Kysely<Database>,
  storage: ObjectStore,
  rows: Swept[],
  gone: Set<number>,
): Promise<number> {
  const candidates = rows.filter((r) => r.guest_id !== null && gone.has(r.guest_id));
  if (candidates.length === 0) return 0;
  const kept = await db
    .selectFrom('attachments')
    .select('id')
    .where(
      'id',
      'in',
      candidates.map((r) => r.id),
    )
    .execute();
  const keep = new Set(kept.map((r) => r.id));
  let removed = 0;
  for (const row of candidates) {
    if (keep.has(row.id)) continue;
    await storage.remove(row.file_key);
    if (row.thumbnail_key) await storage.remove(row.thumbnail_key);
    removed++;
  }
  return removed;
}

/** How long an uploaded attachment may wait unsent (or stay after its message was deleted). */
export const UNSENT_ATTACHMENT_TTL_MS = 24 * 3600 * 1000;

/**
 * Removes attachments no message holds (never sent, or their message or thread was deleted) once
 * older than the TTL: rows first (only those still unsent, so one linked meanwhile stays), then files.
 */
export async function sweepUnsentAttachments(db: Kysely<Database>, storage: ObjectStore, at = Date.now()): Promise<number> {
  const cutoff = new Date(at - UNSENT_ATTACHMENT_TTL_MS).toISOString();
  let removed = 0;
  for (;;) {
    const batch = await db
      .selectFrom('attachments')
      .select(['id', 'file_key', 'thumbnail_key'])
      .where('message_id', 'is', null)
      .where('created_at', '<', cutoff)
      .limit(200)
      .execute();
    if (batch.length === 0) return removed;
    const deleted = await db
      .deleteFrom('attachments')
      .where(
        'id',
        'in',
        batch.map((r) => r.id),
      )
      .where('message_id', 'is', null)
      .returning('id')
      .execute();
    const gone = new Set(deleted.map((r) => r.id));
    for (const row of batch) {
      if (!gone.has(row.id)) continue;
      await storage.remove(row.file_key);
      if (row.thumbnail_key) await storage.remove(row.thumbnail_key);
      removed++;
    }
    if (deleted.length === 0) return removed;
  }
}
