import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * Operators' web search per model row (issue 38): which search a text row uses ('provider', 'own' or 'off';
 * null: the row's default) and the credits a search adds (null: the row's own).
 */
export const modelWebSearch = (_dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('model_overrides').addColumn('web_search', 'text').execute();
    await db.schema.alterTable('model_overrides').addColumn('web_search_cost', 'integer').execute();
  },
});
