import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * Saved assistants (issue 40): a model, instructions, parameters, starters and tools, kept by an account (and gone
 * with it). Its uploaded icon is kept in the row as a small WebP, served by a random key that changes with the icon.
 * Tool servers are named by id only (the servers' table comes later, and a thread keeps only the servers its user may
 * use). Operators feature assistants for everyone; a share token hands out a read-only copy. A thread records the
 * assistant it was started with; deleting the assistant leaves the thread (and its copied settings) without one.
 */
export const assistants = (dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('assistants')
      .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('emoji', 'text')
      .addColumn('icon', dialect === 'postgres' ? 'bytea' : 'blob')
      .addColumn('icon_key', 'text', (c) => c.unique())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('model_id', 'text', (c) => c.notNull())
      .addColumn('instructions', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('temperature', 'real')
      .addColumn('max_output_tokens', 'integer')
      .addColumn('starters', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('web_search', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('mcp_server_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('share_token', 'text', (c) => c.unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('assistants_user').on('assistants').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('assistants_featured').on('assistants').columns(['featured', 'name']).execute();
    await db.schema
      .alterTable('threads')
      .addColumn('assistant_id', 'integer', (c) => c.references('assistants.id').onDelete('set null'))
      .execute();
    // Deleting an assistant sets its threads' assistant_id to null: found by this index, not a scan of every thread.
    await db.schema.createIndex('threads_assistant').on('threads').column('assistant_id').execute();
  },
});
