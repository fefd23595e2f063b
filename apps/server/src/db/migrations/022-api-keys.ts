import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * Personal API keys (issue 39). A key is kept only as its SHA-256 (the key is 256 random bits, so no
 * slow hash is needed) with its first characters to tell it apart; revoking sets `revoked_at`, so the
 * key stays listed for operators. The month's spending is a column of the key's row, so the key's
 * monthly limit is a condition of the same conditional update as every charge. The ledger and open
 * charges name the key that spent, so a refund gives back the key's spending too. Images made through
 * the API are kept apart from the gallery's and deleted after a day.
 */
export const apiKeys = (dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('api_keys')
      .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .addColumn('expires_at', 'text')
      .addColumn('monthly_limit', 'integer')
      .addColumn('month_key', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('month_spent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('api_keys_user').on('api_keys').columns(['user_id', 'created_at']).execute();
    await db.schema.alterTable('credit_ledger').addColumn('api_key_id', 'integer').execute();
    await db.schema.alterTable('open_charges').addColumn('api_key_id', 'integer').execute();
    await db.schema
      .createTable('api_images')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('api_key_id', 'integer', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('media_type', 'text', (c) => c.notNull())
      .addColumn('byte_size', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('api_images_expiry').on('api_images').column('expires_at').execute();
    await db.schema.createIndex('api_images_user').on('api_images').column('user_id').execute();
  },
});
