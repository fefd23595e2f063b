import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * Folders, pins and the archive (issue 42). An account's folders are rows of their own, in the order it set
 * (`position`), each with a colour and whether it is collapsed. A thread may be in one folder (`folder_id`; deleting the
 * folder puts its threads back in the main list), pinned (`pin_position`: pinned threads come first, by it) and
 * archived (`archived_at`: out of the list, in the Archived view). None of it touches `updated_at`, which orders the
 * rest of a list by latest activity.
 */
export const threadFolders = (dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('thread_folders')
      .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('colour', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('collapsed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('thread_folders_user').on('thread_folders').columns(['user_id', 'position']).execute();
    await db.schema
      .alterTable('threads')
      .addColumn('folder_id', 'integer', (c) => c.references('thread_folders.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('threads').addColumn('pin_position', 'integer').execute();
    await db.schema.alterTable('threads').addColumn('archived_at', 'text').execute();
    await db.schema.createIndex('threads_user_folder').on('threads').columns(['user_id', 'folder_id']).execute();
    await db.schema.createIndex('threads_user_activity').on('threads').columns(['user_id', 'updated_at']).execute();
  },
});
