import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/** The language an account picked in Settings (issue 43): null follows the browser. Its e-mails are written in it. */
export const userLanguage = (_dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('language', 'text').execute();
  },
});
