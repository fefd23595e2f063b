import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * One row per chat charge whose reply is still being produced. Settling it (kept or refunded)
 * deletes the row in the same transaction as any refund, so each charge is settled exactly once,
 * and a row left behind by a process that died says which charge still needs settling.
 */
export const openCharges = (_dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('open_charges')
      .addColumn('reference', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('guest_id', 'integer', (c) => c.references('guests.id').onDelete('cascade'))
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('model', 'text')
      // No foreign key: the reply may be deleted (with its thread) while the charge is still open.
      .addColumn('message_id', 'integer')
      .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('open_charges').ifExists().execute();
  },
});
