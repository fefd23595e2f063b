import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * Two-factor sign-in (issue 44). The account keeps its TOTP secret (sealed with ENCRYPTION_KEY when it is set), a
 * secret waiting to be confirmed, when it was turned on, and the last 30-second step a code was accepted for (so a
 * code works once, on every instance: the step only moves forward in a conditional update). Recovery codes are kept
 * as SHA-256 hashes and marked when used. A session records the second factor it passed, if any, which the
 * operator console requires. A sign-in whose password was right but still needs a code is a short-lived challenge
 * row (its token kept only as a hash), so the second step can land on any instance.
 */
export const twoFactor = (dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
    await db.schema.alterTable('users').addColumn('totp_pending_secret', 'text').execute();
    await db.schema.alterTable('users').addColumn('totp_enabled_at', 'text').execute();
    await db.schema
      .alterTable('users')
      .addColumn('totp_last_step', dialect === 'postgres' ? 'bigint' : 'integer')
      .execute();
    await db.schema.alterTable('sessions').addColumn('second_factor', 'text').execute();
    await db.schema
      .createTable('recovery_codes')
      .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('recovery_codes_user').on('recovery_codes').columns(['user_id', 'code_hash']).execute();
    await db.schema
      .createTable('sign_in_challenges')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('guest_id', 'integer')
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
  },
});
