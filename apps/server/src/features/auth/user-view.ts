import { isLanguage, type User } from '@ensemble/shared';
import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/types.js';

type UserRow = Pick<
  UsersTable,
  'email' | 'username' | 'picture' | 'created_at' | 'subscription_tier' | 'subscription_status' | 'subscription_end_date'
> & { id: number; email_verified?: number; language?: string | null };

/** The user as the client sees it (no hashes, no Stripe ids). */
export function toUserView(row: UserRow): User {
  const tier = row.subscription_tier === 'pro' || row.subscription_tier === 'premium' ? row.subscription_tier : 'free';
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    picture: row.picture,
    created_at: row.created_at,
    subscription_tier: tier,
    subscription_status: row.subscription_status,
    ...(row.email_verified === undefined ? {} : { email_verified: row.email_verified === 1 }),
    subscription_end_date: row.subscription_end_date,
    ...(row.language === undefined ? {} : { language: isLanguage(row.language) ? row.language : null }),
  };
}

/** Loads a user's view by id, or undefined when the account is gone. */
export async function findUserView(db: Kysely<Database>, id: number): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'username',
      'picture',
      'created_at',
      'subscription_tier',
      'subscription_status',
      'subscription_end_date',
      'email_verified',
      'language',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toUserView(row) : undefined;
}
