import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * The credit ledger outlives the identities it names: deleting a guest (the inactive-guest sweep) or
 * an account nulls the ledger's reference instead of deleting the rows or refusing the delete.
 * SQLite cannot alter a foreign key, so there the table is rebuilt with the same rows and ids.
 * Also indexes what the sweep and its cascades look up by guest.
 */
export const ledgerSetNull = (dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    if (dialect === 'postgres') {
      await sql`ALTER TABLE credit_ledger
        DROP CONSTRAINT IF EXISTS credit_ledger_user_id_fkey,
        DROP CONSTRAINT IF EXISTS credit_ledger_guest_id_fkey,
        ADD CONSTRAINT credit_ledger_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL,
        ADD CONSTRAINT credit_ledger_guest_id_fkey FOREIGN KEY (guest_id) REFERENCES guests (id) ON DELETE SET NULL`.execute(db);
    } else {
      await db.transaction().execute(async (trx) => {
        await sql`CREATE TABLE credit_ledger_rebuilt (
          id integer PRIMARY KEY AUTOINCREMENT,
          user_id integer REFERENCES users (id) ON DELETE SET NULL,
          guest_id integer REFERENCES guests (id) ON DELETE SET NULL,
          delta integer NOT NULL,
          balance_after integer NOT NULL,
          reason text NOT NULL,
          model text,
          reference text,
          created_at text NOT NULL
        )`.execute(trx);
        await sql`INSERT INTO credit_ledger_rebuilt (id, user_id, guest_id, delta, balance_after, reason, model, reference, created_at)
          SELECT id, user_id, guest_id, delta, balance_after, reason, model, reference, created_at FROM credit_ledger`.execute(trx);
        await sql`DROP TABLE credit_ledger`.execute(trx);
        await sql`ALTER TABLE credit_ledger_rebuilt RENAME TO credit_ledger`.execute(trx);
        await trx.schema.createIndex('ledger_user').on('credit_ledger').columns(['user_id', 'id']).execute();
        await trx.schema.createIndex('ledger_guest').on('credit_ledger').columns(['guest_id', 'id']).execute();
      });
    }
    await db.schema.createIndex('sessions_guest').on('sessions').column('guest_id').execute();
    await db.schema.createIndex('activities_guest').on('activities').column('guest_id').execute();
    await db.schema.createIndex('guests_created').on('guests').column('created_at').execute();
  },
  async down(db: Kysely<any>) {
    for (const index of ['guests_created', 'activities_guest', 'sessions_guest']) await db.schema.dropIndex(index).ifExists().execute();
  },
});
