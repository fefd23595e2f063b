import type { Activity, MonthUsage } from '@ensemble/shared';
import { type Kysely, sql } from 'kysely';
import { now } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import { ownerColumns } from '../session/ownership.js';
import type { Identity } from '../session/service.js';

/** How many entries the activity list shows. */
export const RECENT_ACTIVITY_COUNT = 20;

/** Records one activity entry for a caller (account or guest); type and description are stored as given. */
export async function recordActivity(db: Kysely<Database>, who: Identity, type: string, description: string): Promise<void> {
  await db
    .insertInto('activities')
    .values({ ...ownerColumns(who), activity_type: type, description, created_at: now() })
    .execute();
}

/** The caller's most recent activity entries, newest first. */
export async function listRecentActivity(db: Kysely<Database>, who: Identity, limit = RECENT_ACTIVITY_COUNT): Promise<Activity[]> {
  const base = db.selectFrom('activities').select(['id', 'activity_type', 'description', 'created_at']);
  return (who.kind === 'user' ? base.where('user_id', '=', who.userId) : base.where('guest_id', '=', who.guestId))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** An account's requests and credits this UTC month, in the chat and through API keys apart, from its ledger. */
export async function monthUsage(db: Kysely<Database>, userId: number, at = new Date()): Promise<MonthUsage> {
  const month = at.toISOString().slice(0, 7);
  const viaKey = sql<number>`case when api_key_id is null then 0 else 1 end`;
  const rows = await db
    .selectFrom('credit_ledger')
    .select([
      viaKey.as('api'),
      sql<number>`sum(case when reason = 'refund' then 0 else 1 end)`.as('requests'),
      sql<number>`sum(-delta)`.as('credits'),
    ])
    .where('user_id', '=', userId)
    .where('reason', 'in', ['chat', 'image', 'refund'])
    .where('created_at', '>=', `${month}-01T00:00:00.000Z`)
    .groupBy(viaKey)
    .execute();
  const of = (api: number) => {
    const row = rows.find((r) => Number(r.api) === api);
    return { requests: Number(row?.requests ?? 0), credits: Math.max(0, Number(row?.credits ?? 0)) };
  };
  return { month, chat: of(0), api: of(1) };
}
