import { AppError } from '@ensemble/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database, ThreadsTable } from '../../db/types.js';
import { ownsRow } from '../session/ownership.js';
import type { Identity } from '../session/service.js';

export type ThreadRow = Omit<ThreadsTable, 'id'> & { id: number };

/**
 * Loads a thread the caller owns: 404 when it does not exist, 403 when it is someone else's.
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
  if (!row) throw new AppError('not_found', 'Thread not found');
  if (!ownsRow(who, row)) throw new AppError('forbidden', 'You do not have access to this thread');
  return row;
}
