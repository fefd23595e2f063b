import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * Without Redis, the instance generating a reply holds a lease on its stream here: it pushes
 * `expires_at` forward every few seconds, and `stop` is how a Stop pressed on another instance
 * reaches it (read at each renewal). A lease past its expiry belongs to an instance that died.
 */
export const streamLeases = (_dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('stream_leases')
      .addColumn('stream_id', 'text', (c) => c.primaryKey())
      .addColumn('instance_id', 'text', (c) => c.notNull())
      // ISO timestamps compare in time order as text on both dialects.
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('stop', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('stream_leases').ifExists().execute();
  },
});
