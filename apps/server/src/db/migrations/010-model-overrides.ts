import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * Operators' model settings (issue 16): per-row overrides laid over the built-in catalogue and
 * MODELS_FILE, the default favourites, and a version every instance re-reads to pick up a change;
 * plus each reply's outcome (provider, error kind, time to first token) for the Providers view.
 */
export const modelOverrides = (dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('model_overrides')
      .addColumn('model_id', 'text', (c) => c.primaryKey())
      .addColumn('enabled', 'integer')
      .addColumn('cost', 'integer')
      .addColumn('provider_model_id', 'text')
      .addColumn('fallbacks_json', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('catalogue_state')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('default_favourites_json', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db
      .insertInto('catalogue_state')
      .values({ id: 1, version: 0, default_favourites_json: null, updated_at: new Date().toISOString() })
      .execute();

    const outcomes = db.schema.createTable('provider_outcomes');
    await (dialect === 'postgres'
      ? outcomes.addColumn('id', 'serial', (c) => c.primaryKey())
      : outcomes.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    )
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('model_id', 'text', (c) => c.notNull())
      .addColumn('error_kind', 'text')
      .addColumn('ttft_ms', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('provider_outcomes_created').on('provider_outcomes').column('created_at').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('provider_outcomes').execute();
    await db.schema.dropTable('catalogue_state').execute();
    await db.schema.dropTable('model_overrides').execute();
  },
});
