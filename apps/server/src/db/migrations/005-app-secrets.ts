import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/** Secrets every instance must share (the generated session secret), one row per name. */
export const appSecrets = (_dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('app_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('app_secrets').execute();
  },
});
