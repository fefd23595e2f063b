import { AppError, FOLDERS, type Folder, type FolderColour } from '@ensemble/shared';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { type Db, now } from '../../db/connection.js';
import type { Database, ThreadFoldersTable } from '../../db/types.js';

type Executor = Kysely<Database> | Transaction<Database>;
type FolderRow = Selectable<ThreadFoldersTable>;

const folderNotFound = () => new AppError('not_found', 'Folder not found');
const threadNotFound = () => new AppError('not_found', 'Thread not found');

function toFolder(row: FolderRow, threadCount: number): Folder {
  return {
    id: row.id,
    name: row.name,
    colour: row.colour as FolderColour,
    position: row.position,
    collapsed: row.collapsed === 1,
    thread_count: threadCount,
    created_at: row.created_at,
  };
}

/** Its threads not archived, per folder of the account. */
async function threadCounts(db: Executor, userId: number, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('threads')
    .select(['folder_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('user_id', '=', userId)
    .where('folder_id', 'in', ids)
    .where('archived_at', 'is', null)
    .groupBy('folder_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.folder_id), Number(r.n)]));
}

/** The account's folders, top to bottom. */
export async function listFolders(db: Executor, userId: number): Promise<Folder[]> {
  const rows = await db.selectFrom('thread_folders').selectAll().where('user_id', '=', userId).orderBy('position').orderBy('id').execute();
  const counts = await threadCounts(
    db,
    userId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toFolder(r, counts.get(r.id) ?? 0));
}

async function ownFolder(db: Executor, userId: number, id: number): Promise<FolderRow> {
  const row = await db.selectFrom('thread_folders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw folderNotFound();
  return row;
}

/**
 * A transaction holding the account's row, so that concurrent changes to its folders or pins (from any instance)
 * take turns: PostgreSQL locks the row; SQLite has one writer at a time already.
 */
async function asAccount<T>(db: Db, userId: number, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute(async (trx) => {
    const lock = trx.selectFrom('users').select('id').where('id', '=', userId);
    await (db.dialect === 'postgres' ? lock.forUpdate() : lock).executeTakeFirst();
    return work(trx);
  });
}

/** A new folder, at the bottom; at most FOLDERS.max an account. */
export async function createFolder(db: Db, userId: number, input: { name: string; colour: FolderColour }): Promise<Folder> {
  return asAccount(db, userId, async (trx) => {
    const last = await trx
      .selectFrom('thread_folders')
      .select([(eb) => eb.fn.countAll<number | string>().as('n'), (eb) => eb.fn.max('position').as('max')])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(last.n) >= FOLDERS.max) throw new AppError('bad_request', `You can have at most ${FOLDERS.max} folders.`);
    const values = {
      user_id: userId,
      name: input.name,
      colour: input.colour,
      position: last.max === null ? 0 : Number(last.max) + 1,
      collapsed: 0,
      created_at: now(),
    };
    const row = await trx.insertInto('thread_folders').values(values).returning('id').executeTakeFirstOrThrow();
    return toFolder({ ...values, id: Number(row.id) }, 0);
  });
}

/** Renames, recolours, collapses or opens one of the account's folders. */
export async function updateFolder(
  db: Db,
  userId: number,
  input: { id: number; name?: string; colour?: FolderColour; collapsed?: boolean },
): Promise<Folder> {
  const row = await ownFolder(db.kysely, userId, input.id);
  const set = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.colour !== undefined ? { colour: input.colour } : {}),
    ...(input.collapsed !== undefined ? { collapsed: input.collapsed ? 1 : 0 } : {}),
  };
  if (Object.keys(set).length) await db.kysely.updateTable('thread_folders').set(set).where('id', '=', row.id).execute();
  const counts = await threadCounts(db.kysely, userId, [row.id]);
  return toFolder({ ...row, ...set }, counts.get(row.id) ?? 0);
}

/** Deletes one of the account's folders; its threads go back to the main list, none is deleted. */
export async function deleteFolder(db: Db, userId: number, id: number): Promise<void> {
  await asAccount(db, userId, async (trx) => {
    await ownFolder(trx, userId, id);
    await trx.updateTable('threads').set({ folder_id: null }).where('folder_id', '=', id).where('user_id', '=', userId).execute();
    await trx.deleteFrom('thread_folders').where('id', '=', id).execute();
  });
}

/** The folders in the order given (the rest after them, as they were). Every id must be the account's. */
export async function orderFolders(db: Db, userId: number, ids: number[]): Promise<Folder[]> {
  await asAccount(db, userId, async (trx) => {
    const rows = await trx
      .selectFrom('thread_folders')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const mine = new Set(rows.map((r) => r.id));
    if (ids.some((id) => !mine.has(id))) throw folderNotFound();
    const order = [...ids, ...rows.map((r) => r.id).filter((id) => !ids.includes(id))];
    for (const [position, id] of order.entries()) await trx.updateTable('thread_folders').set({ position }).where('id', '=', id).execute();
  });
  return listFolders(db.kysely, userId);
}

/** Fails unless every id names a thread of the account (so a change to many applies to all or none). */
async function assertOwnThreads(trx: Executor, userId: number, ids: number[]): Promise<void> {
  const found = await trx
    .selectFrom('threads')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(found.n) !== new Set(ids).size) throw threadNotFound();
}

/**
 * Pins or unpins, moves into a folder (or back to the main list), archives or brings back the named threads, all or
 * none of them. A newly pinned thread goes to the top of the pins. Nothing here changes a thread's latest activity.
 */
export async function organizeThreads(
  db: Db,
  userId: number,
  input: { thread_ids: number[]; pinned?: boolean; folder_id?: number | null; archived?: boolean },
): Promise<number> {
  const ids = [...new Set(input.thread_ids)];
  return asAccount(db, userId, async (trx) => {
    await assertOwnThreads(trx, userId, ids);
    if (input.folder_id !== undefined && input.folder_id !== null) await ownFolder(trx, userId, input.folder_id);
    const mine = trx.updateTable('threads').where('id', 'in', ids).where('user_id', '=', userId);
    if (input.folder_id !== undefined) await mine.set({ folder_id: input.folder_id }).execute();
    if (input.archived !== undefined) {
      // Archiving again keeps the first time; bringing back clears it.
      if (input.archived) await mine.set({ archived_at: now() }).where('archived_at', 'is', null).execute();
      else await mine.set({ archived_at: null }).execute();
    }
    if (input.pinned === false) await mine.set({ pin_position: null }).execute();
    if (input.pinned === true) {
      const unpinned = await trx
        .selectFrom('threads')
        .select('id')
        .where('id', 'in', ids)
        .where('pin_position', 'is', null)
        .orderBy('updated_at', 'desc')
        .execute();
      const top = await trx
        .selectFrom('threads')
        .select((eb) => eb.fn.min('pin_position').as('min'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      let position = (top.min === null ? 0 : Number(top.min)) - unpinned.length;
      for (const { id } of unpinned) await trx.updateTable('threads').set({ pin_position: position++ }).where('id', '=', id).execute();
    }
    return ids.length;
  });
}

/** The pinned threads of one list in the order given, top to bottom. Each must be the account's and pinned. */
export async function orderPins(db: Db, userId: number, ids: number[]): Promise<void> {
  await asAccount(db, userId, async (trx) => {
    await assertOwnThreads(trx, userId, ids);
    const pinned = await trx
      .selectFrom('threads')
      .select(['id', 'pin_position'])
      .where('id', 'in', ids)
      .where('pin_position', 'is not', null)
      .execute();
    if (pinned.length !== ids.length) throw new AppError('bad_request', 'Invalid request: thread_ids: only pinned threads can be ordered');
    // The list's pins keep the places they held among all the account's pins, shared out in the new order.
    const places = pinned.map((p) => Number(p.pin_position)).sort((a, b) => a - b);
    for (const [i, id] of ids.entries())
      await trx
        .updateTable('threads')
        .set({ pin_position: places[i] as number })
        .where('id', '=', id)
        .execute();
  });
}

/** Deletes the named threads, all or none of them. */
export async function deleteThreads(db: Db, userId: number, threadIds: number[]): Promise<number> {
  const ids = [...new Set(threadIds)];
  return asAccount(db, userId, async (trx) => {
    await assertOwnThreads(trx, userId, ids);
    await trx.deleteFrom('threads').where('id', 'in', ids).where('user_id', '=', userId).execute();
    return ids.length;
  });
}
