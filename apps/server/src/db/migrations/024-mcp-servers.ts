import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * MCP tool servers (issue 40). A row with a user_id is that account's own server and goes with it (cascade); a row
 * without one is an operator's server, offered to everyone. A bearer token is kept only sealed (AES-256-GCM under
 * ENCRYPTION_KEY, which is never in the database), so a backup of the database alone does not reveal it. The tools of
 * the last listing are kept as JSON, with when that was and why the last listing failed.
 */
export const mcpServers = (dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('mcp_servers')
      .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('token_cipher', 'text')
      .addColumn('ask_first', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tools_json', 'text')
      .addColumn('tools_checked_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('mcp_servers_user').on('mcp_servers').columns(['user_id', 'id']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('mcp_servers').ifExists().execute();
  },
});
