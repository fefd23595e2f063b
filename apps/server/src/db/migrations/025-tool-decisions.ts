import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * Tools in replies (issue 40). A thread names the MCP servers its replies may call (an assistant's, copied when the
 * thread starts with it, or the user's own choice), as a JSON array of ids.
 *
 * The user's Allow or Deny of a tool call (issue 40). The reply's loop may run on another instance than the one the
 * answer reaches, so the answer is a row both can see; the loop reads it and the row goes when the reply ends.
 */
export const toolDecisions = (_dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('threads').addColumn('mcp_server_ids', 'text').execute();
    await db.schema
      .createTable('tool_decisions')
      .addColumn('stream_id', 'text', (c) => c.notNull())
      .addColumn('call_id', 'text', (c) => c.notNull())
      .addColumn('allow', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('tool_decisions_pk', ['stream_id', 'call_id'])
      .execute();
  },
});
