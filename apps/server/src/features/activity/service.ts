import type { Activity } from '@ensemble/shared';
import type { Kysely } from 'kysely';
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
