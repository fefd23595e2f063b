import type { Kysely, Migration } from 'kysely';
import { backfillRollups } from '../../features/rollups/backfill.js';
import type { Dialect } from '../connection.js';

/**
 * The operator overview's daily rollups (issue 16): one counter row per UTC day, metric and
 * dimension (a model, a provider and kind, a plan, a currency), the accounts active on each day,
 * and the amount, currency and plan of every paid invoice. None references users or guests, so the
 * guest sweep and account deletion leave the figures as they were. The rollups are filled once
 * from the ledger and accounts already there.
 */
export const dailyRollups = (dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('daily_rollups')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('metric', 'text', (c) => c.notNull())
      .addColumn('dim', 'text', (c) => c.notNull())
      .addColumn('n', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('daily_rollups_pk', ['day', 'metric', 'dim'])
      .execute();
    // The subscription snapshot carried into a window is looked up by metric, newest day first.
    await db.schema.createIndex('daily_rollups_metric_day').on('daily_rollups').columns(['metric', 'day']).execute();

    await db.schema
      .createTable('daily_active_accounts')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('daily_active_accounts_pk', ['day', 'user_id'])
      .execute();

    await db.schema
      .createTable('paid_invoices')
      .addColumn('invoice_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer')
      .addColumn('subscription_id', 'text')
      .addColumn('plan', 'text', (c) => c.notNull())
      .addColumn('amount_paid', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('monthly_amount', 'integer', (c) => c.notNull())
      .addColumn('period_start', 'text')
      .addColumn('period_end', 'text')
      .addColumn('paid_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('paid_invoices_subscription').on('paid_invoices').columns(['subscription_id', 'paid_at']).execute();

    await backfillRollups(db);
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('paid_invoices').execute();
    await db.schema.dropTable('daily_active_accounts').execute();
    await db.schema.dropTable('daily_rollups').execute();
  },
});
