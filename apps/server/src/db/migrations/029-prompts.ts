import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * The prompt library (issue 42): an account's saved prompts, each with a title and a text that may hold
 * `{{variables}}`, and an optional share link (`share_token`, 128 random bits: the token is the capability).
 */
export const prompts = (dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('prompts')
      .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('share_token', 'text', (c) => c.unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('prompts_user').on('prompts').columns(['user_id', 'updated_at']).execute();
  },
});
