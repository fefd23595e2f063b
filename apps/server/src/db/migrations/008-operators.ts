import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * Operators and spending guardrails (issue 16): verified e-mail, suspension, a user's monthly
 * budget and warning threshold with the running month and day totals the charge checks in one
 * update, mail-verification tokens, the operators' audit log and the daily cap per plan.
 */
export const operators = (dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    const columns: Array<[string, 'integer' | 'text', number | string | null]> = [
      ['email_verified', 'integer', 0],
      ['suspended_at', 'text', null],
      ['monthly_budget', 'integer', null],
      ['low_balance_warning', 'integer', null],
      ['month_key', 'text', ''],
      ['month_spent', 'integer', 0],
      ['day_key', 'text', ''],
      ['day_spent', 'integer', 0],
    ];
    for (const [name, type, initial] of columns) {
      await db.schema
        .alterTable('users')
        .addColumn(name, type, (c) => (initial === null ? c : c.notNull().defaultTo(initial)))
        .execute();
    }
    // Google accounts were only ever made from verified e-mail claims.
    await db.updateTable('users').set({ email_verified: 1 }).where('google_sub', 'is not', null).execute();

    await db.schema
      .createTable('email_verifications')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    const audit = db.schema.createTable('admin_audit');
    await (dialect === 'postgres'
      ? audit.addColumn('id', 'serial', (c) => c.primaryKey())
      : audit.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    )
      .addColumn('actor_user_id', 'integer', (c) => c.notNull())
      .addColumn('actor_email', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('before_json', 'text')
      .addColumn('after_json', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('admin_audit_created').on('admin_audit').column('created_at').execute();

    await db.schema
      .createTable('plan_daily_caps')
      .addColumn('plan', 'text', (c) => c.primaryKey())
      .addColumn('daily_cap', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    // Refusals the abuse view ranks (the login throttle's live counters may sit in Redis and expire).
    await db.schema
      .createTable('abuse_counts')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('client_address', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('abuse_counts_pk', ['day', 'kind', 'client_address'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('abuse_counts').execute();
    await db.schema.dropTable('plan_daily_caps').execute();
    await db.schema.dropTable('admin_audit').execute();
    await db.schema.dropTable('email_verifications').execute();
  },
});
