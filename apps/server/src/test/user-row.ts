import type { Insertable } from 'kysely';
import { now } from '../db/connection.js';
import type { UsersTable } from '../db/types.js';

/**
 * A users row for tests and benchmarks to insert: a free account without password, Google or Stripe, with the given
 * e-mail and name; `fields` sets anything else (credits, verification, plan, exclusion).
 */
export function userRow(email: string, username: string, fields: Partial<Insertable<UsersTable>> = {}): Insertable<UsersTable> {
  const at = fields.created_at ?? now();
  return {
    email,
    username,
    password_hash: null,
    google_sub: null,
    picture: null,
    credits: 100,
    credits_used: 0,
    subscription_tier: 'free',
    subscription_status: 'none',
    subscription_end_date: null,
    stripe_customer_id: null,
    stripe_subscription_id: null,
    created_at: at,
    updated_at: at,
    ...fields,
  };
}
