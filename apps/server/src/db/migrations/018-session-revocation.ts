import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * Session revocation (issue 36): a revoked session keeps its row with the reason, so that its next
 * request is refused with that reason (e.g. "This account is suspended") instead of quietly
 * becoming a guest; that request removes the row.
 */
export const sessionRevocation = (_dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('sessions').addColumn('revoked', 'text').execute();
  },
});
