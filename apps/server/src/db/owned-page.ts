import { type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import type { Identity } from '../features/session/service.js';
import type { Database } from './types.js';

type OwnedTable = 'threads' | 'images';

/** One page of the caller's rows of a table, newest first, and whether more follow. */
export async function ownedNewestFirst<T extends OwnedTable>(
  db: Kysely<Database> | Transaction<Database>,
  table: T,
  who: Identity,
  page: number,
  limit: number,
): Promise<{ rows: Selectable<Database[T]>[]; hasMore: boolean }> {
  // Both tables share the owner and time columns; Kysely cannot see that through a union of names.
  const all = (db as Kysely<Database>).selectFrom(table as 'threads').selectAll();
  // A blind arena picture joins the gallery only once its comparison is voted on (issue 41).
  const base = table === 'images' ? all.where(sql.ref('arena_comparison_id'), 'is', null) : all;
  const rows = await (who.kind === 'user' ? base.where('user_id', '=', who.userId) : base.where('guest_id', '=', who.guestId))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  return { rows: rows.slice(0, limit) as unknown as Selectable<Database[T]>[], hasMore: rows.length > limit };
}
