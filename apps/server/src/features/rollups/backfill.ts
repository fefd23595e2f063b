import { type Kysely, sql } from 'kysely';
import { METRIC, snapshotSubscriptions } from './rollups.js';

/**
 * Fills the daily rollups from rows already stored: requests by model, credits charged and
 * refunded, funded guests and active accounts from the credit ledger, sign-ups from the accounts,
 * and today's subscription snapshot. Counts are added to what the rollups hold, so it is meant for
 * empty rollups: the one-off backfill of migration 009, and the benchmark's bulk seed. Failed
 * replies and invoice amounts were never stored before, so they start empty. Runs in one
 * transaction (the caller's, when given one); each figure is one INSERT ... SELECT, whatever the
 * ledger's size.
 */
export async function backfillRollups(db: Kysely<any>): Promise<void> {
  const day = sql`substr(created_at, 1, 10)`;
  const add = sql`on conflict (day, metric, dim) do update set n = daily_rollups.n + excluded.n`;
  if (!db.isTransaction) return db.transaction().execute((trx) => backfillRollups(trx));
  {
    const trx = db;
    // (SQLite needs the WHERE of an INSERT ... SELECT before its ON CONFLICT.)
    await sql`insert into daily_rollups (day, metric, dim, n)
      select ${day}, ${METRIC.requests}, coalesce(model, ''), count(*) from credit_ledger
      where reason in ('chat', 'image') group by ${day}, coalesce(model, '') ${add}`.execute(trx);
    await sql`insert into daily_rollups (day, metric, dim, n)
      select ${day}, ${METRIC.creditsCharged}, '', sum(-delta) from credit_ledger
      where reason in ('chat', 'image') group by ${day} ${add}`.execute(trx);
    await sql`insert into daily_rollups (day, metric, dim, n)
      select ${day}, ${METRIC.creditsRefunded}, '', sum(delta) from credit_ledger
      where reason = 'refund' group by ${day} ${add}`.execute(trx);
    await sql`insert into daily_rollups (day, metric, dim, n)
      select ${day}, ${METRIC.fundedGuests}, '', count(*) from credit_ledger
      where reason = 'guest_grant' and delta > 0 group by ${day} ${add}`.execute(trx);
    await sql`insert into daily_rollups (day, metric, dim, n)
      select ${day}, ${METRIC.signups}, '', count(*) from users where true group by ${day} ${add}`.execute(trx);
    await sql`insert into daily_active_accounts (day, user_id)
      select distinct ${day}, user_id from credit_ledger
      where reason in ('chat', 'image') and user_id is not null
      on conflict (day, user_id) do nothing`.execute(trx);
    // Set, not added: the active accounts of a day are counted from the table just filled.
    await sql`insert into daily_rollups (day, metric, dim, n)
      select day, ${METRIC.activeAccounts}, '', count(*) from daily_active_accounts where true group by day
      on conflict (day, metric, dim) do update set n = excluded.n`.execute(trx);
    await snapshotSubscriptions(trx);
  }
}
