import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * Conversation control (issue 14): messages form a tree through `parent_id`, each thread stores the
 * leaf of the branch it shows plus its own system prompt and parameters, and accounts keep a default
 * system prompt for new threads. Existing threads become one straight branch ending at their newest message.
 */
export const conversationTree = (_dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    // No foreign key: a branch is deleted as a whole, and SQLite cannot add one to an existing table.
    await db.schema.alterTable('messages').addColumn('parent_id', 'integer').execute();
    await db.schema.alterTable('threads').addColumn('current_leaf_id', 'integer').execute();
    await db.schema.alterTable('threads').addColumn('system_prompt', 'text').execute();
    await db.schema.alterTable('threads').addColumn('temperature', 'real').execute();
    await db.schema.alterTable('threads').addColumn('max_output_tokens', 'integer').execute();
    await db.schema.alterTable('users').addColumn('default_system_prompt', 'text').execute();
    await db.schema.createIndex('messages_parent_idx').on('messages').columns(['thread_id', 'parent_id']).execute();
    await sql`update messages set parent_id = (select max(p.id) from messages p where p.thread_id = messages.thread_id and p.id < messages.id)`.execute(
      db,
    );
    await sql`update threads set current_leaf_id = (select max(m.id) from messages m where m.thread_id = threads.id)`.execute(db);
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('messages_parent_idx').execute();
    await db.schema.alterTable('users').dropColumn('default_system_prompt').execute();
    for (const c of ['max_output_tokens', 'temperature', 'system_prompt', 'current_leaf_id'])
      await db.schema.alterTable('threads').dropColumn(c).execute();
    await db.schema.alterTable('messages').dropColumn('parent_id').execute();
  },
});
