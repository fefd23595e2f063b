import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/** A thread's "Search the web" switch (issue 38): a setting beside its system prompt, so it follows the thread to every device. */
export const threadWebSearch = (_dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('threads')
      .addColumn('web_search', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
});
