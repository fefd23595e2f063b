import { AppError } from '@ensemble/shared';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, ThreadsTable } from '../../db/types.js';
import { ownsRow } from '../session/ownership.js';
import type { Identity } from '../session/service.js';

export type ThreadRow = Selectable<ThreadsTable>;

/**
 * The one answer for a thread id that is not the caller's, whether it is someone else's or does
 * not exist (the spec names 403 for threads), so an id says nothing of which threads exist.
 */
export const noThreadAccess = (): AppError => new AppError('forbidden', 'You do not have access to this thread');

/**
 * Loads a thread the caller owns: 403 when it is someone else's or does not exist (noThreadAccess).
 * `lock` (PostgreSQL, inside a transaction) holds the row until commit, so a concurrent delete
 * waits for the caller's writes instead of racing them. It is an update lock because the caller
 * updates the row (message count) anyway; two share locks would deadlock on that update.
 */
export async function loadOwnedThread(
  db: Kysely<Database> | Transaction<Database>,
  who: Identity,
  threadId: number,
  options: { lock?: boolean } = {},
): Promise<ThreadRow> {
  let query = db.selectFrom('threads').selectAll().where('id', '=', threadId);
  if (options.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row || !ownsRow(who, row)) throw noThreadAccess();
  return row;
}
