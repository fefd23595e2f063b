import { ADMIN_PAGE_SIZE, type AdminUserDetail, type AdminUserSummary, type AdminUsersResponse } from '@ensemble/shared';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import { spendingPeriods } from '../credits/service.js';

type Executor = Kysely<Database> | Transaction<Database>;

const LEDGER_ROWS = 50;
const LIST_ROWS = 20;

const summaryColumns = [
  'id',
  'email',
  'username',
  'subscription_tier',
  'subscription_status',
  'credits',
  'email_verified',
  'suspended_at',
  'created_at',
] as const;

interface SummaryRow {
  id: number;
  email: string;
  username: string;
  subscription_tier: string;
  subscription_status: string;
  credits: number;
  email_verified: number;
  suspended_at: string | null;
  created_at: string;
}

function summary(u: SummaryRow): AdminUserSummary {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    plan: u.subscription_tier,
    subscription_status: u.subscription_status,
    credits: u.credits,
    email_verified: u.email_verified === 1,
    suspended: u.suspended_at != null,
    created_at: u.created_at,
  };
}

/** Accounts whose e-mail or name contains the query (any case), newest first, one page at a time. */
export async function searchUsers(db: Executor, q: string, page: number): Promise<Omit<AdminUsersResponse, 'status'>> {
  // The query is matched literally: % and _ typed by the operator are not wildcards.
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const base = db
    .selectFrom('users')
    .where((eb) =>
      q
        ? eb.or([sql<boolean>`lower(email) like ${pattern} escape '\\'`, sql<boolean>`lower(username) like ${pattern} escape '\\'`])
        : eb.lit(true),
    );
  const rows = await base
    .select([...summaryColumns])
    .orderBy('id', 'desc')
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE)
    .execute();
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { users: rows.map((r) => summary(r as SummaryRow)), total: Number(total.n), page, page_size: ADMIN_PAGE_SIZE };
}

/** Everything an operator sees about one account, or null when there is no such account. */
export async function userDetail(db: Executor, userId: number): Promise<AdminUserDetail | null> {
  const u = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!u) return null;
  const ledger = await db
    .selectFrom('credit_ledger')
    .select(['id', 'delta', 'balance_after', 'reason', 'model', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(LEDGER_ROWS)
    .execute();
  const usage = await db
    .selectFrom('credit_ledger')
    .select(['model', sql<number>`sum(case when delta < 0 then 1 else 0 end)`.as('requests'), sql<number>`sum(-delta)`.as('credits')])
    .where('user_id', '=', userId)
    .where('model', 'is not', null)
    .groupBy('model')
    .orderBy(sql`sum(-delta)`, 'desc')
    .execute();
  const threads = await db
    .selectFrom('threads')
    .select(['id', 'title', 'message_count', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .limit(LIST_ROWS)
    .execute();
  const images = await db
    .selectFrom('images')
    .select(['id', 'prompt', 'model', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(LIST_ROWS)
    .execute();
  const threadCount = await db
    .selectFrom('threads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const imageCount = await db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const { month } = spendingPeriods();
  return {
    ...summary(u),
    credits_used: u.credits_used,
    subscription_end_date: u.subscription_end_date,
    has_stripe_subscription: u.stripe_subscription_id != null,
    monthly_budget: u.monthly_budget,
    month_spent: u.month_key === month ? u.month_spent : 0,
    ledger,
    usage_by_model: usage.map((r) => ({ model: r.model as string, requests: Number(r.requests), credits: Number(r.credits) })),
    threads,
    thread_count: Number(threadCount.n),
    images,
    image_count: Number(imageCount.n),
    arena_excluded: Number(u.arena_excluded) === 1,
  };
}
