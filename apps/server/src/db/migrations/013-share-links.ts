import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * Share links (issue 15): a read-only snapshot of a thread's shown branch, opened by anyone holding
 * its 128-bit token. The snapshot is stored whole (JSON), so it does not change when the thread goes
 * on, and it outlives the thread (no key to threads); it goes with its owner's account (cascade) or
 * when the owner revokes it (the row is deleted).
 */
export const shareLinks = (_dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('share_links')
      .addColumn('token', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('thread_id', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('message_count', 'integer', (c) => c.notNull())
      .addColumn('snapshot', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('share_links_user').on('share_links').columns(['user_id', 'created_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('share_links').ifExists().execute();
  },
});
