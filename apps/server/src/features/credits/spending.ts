import type { SpendingSettings, SpendingState } from '@ensemble/shared';
import type { Kysely, Transaction } from 'kysely';
import { now } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import { spendingPeriods } from './service.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** An account's guardrails and what the current UTC month and day have used against them. */
export async function spendingState(db: Executor, userId: number): Promise<SpendingState> {
  const u = await db
    .selectFrom('users')
    .select(['monthly_budget', 'low_balance_warning', 'month_key', 'month_spent', 'day_key', 'day_spent', 'subscription_tier'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const { month, day } = spendingPeriods();
  const plan = ['pro', 'premium'].includes(u.subscription_tier) ? u.subscription_tier : 'free';
  const cap = await db.selectFrom('plan_daily_caps').select('daily_cap').where('plan', '=', plan).executeTakeFirst();
  return {
    monthly_budget: u.monthly_budget,
    low_balance_warning: u.low_balance_warning,
    month_spent: u.month_key === month ? u.month_spent : 0,
    day_spent: u.day_key === day ? u.day_spent : 0,
    daily_cap: cap?.daily_cap ?? null,
  };
}

/** Saves an account's own budget and warning threshold (null clears either). */
export async function saveSpendingSettings(db: Executor, userId: number, s: SpendingSettings): Promise<void> {
  await db
    .updateTable('users')
    .set({ monthly_budget: s.monthly_budget, low_balance_warning: s.low_balance_warning, updated_at: now() })
    .where('id', '=', userId)
    .execute();
}
