import { AppError } from '@ensemble/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database, ThreadsTable } from '../../db/types.js';
import { ownsRow } from '../session/ownership.js';
import type { Identity } from '../session/service.js';

export type ThreadRow = Omit<ThreadsTable, 'id'> & { id: number };

/** Loads a thread the caller owns: 404 when it does not exist, 403 when it is someone else's. */
export async function loadOwnedThread(db: Kysely<Database> | Transaction<Database>, who: Identity, threadId: number): Promise<ThreadRow> {
  const row = await db.selectFrom('threads').selectAll().where('id', '=', threadId).executeTakeFirst();
  if (!row) throw new AppError('not_found', 'Thread not found');
  if (!ownsRow(who, row)) throw new AppError('forbidden', 'You do not have access to this thread');
  return row;
}
