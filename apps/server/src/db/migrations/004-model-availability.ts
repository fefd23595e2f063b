import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * The catalogue rows a provider does not serve right now, shared by every instance: a row is here
 * while its provider's model list leaves it out, or after a request met "model not found".
 */
export const modelAvailability = (_dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('model_availability')
      .addColumn('model_id', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_model_id', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('model_availability').execute();
  },
});
