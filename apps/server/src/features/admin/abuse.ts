import type { AdminAbuseResponse } from '@ensemble/shared';
import { type Kysely, sql } from 'kysely';
import { now } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import { spendingPeriods } from '../credits/service.js';

const TOP = 20;
/** The abuse view looks back this many UTC days (today included). */
export const ABUSE_DAYS = 7;

/** Counts one refusal of a client address by a limit (the login throttle), per UTC day. */
export async function recordAbuse(db: Kysely<Database>, kind: 'login_throttle', clientAddress: string): Promise<void> {
  await db
    .insertInto('abuse_counts')
    .values({ day: now().slice(0, 10), kind, client_address: clientAddress, count: 1 })
    .onConflict((oc) => oc.columns(['day', 'kind', 'client_address']).doUpdateSet({ count: sql`abuse_counts.count + 1` }))
    .execute();
}

/**
 * The abuse view: addresses that went past the funded-guest limit or met the login throttle most
 * often in the last ABUSE_DAYS days, and today's top spenders (accounts and guests).
 */
export async function abuseReport(db: Kysely<Database>, guestsPerAddressPerDay: number): Promise<Omit<AdminAbuseResponse, 'status'>> {
  const since = new Date(Date.now() - (ABUSE_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const { day } = spendingPeriods();
  const guests = await db
    .selectFrom('guest_allowances')
    .select(['client_address', sql<number>`sum(count - ${guestsPerAddressPerDay})`.as('hits')])
    .where('day', '>=', since)
    .where('count', '>', guestsPerAddressPerDay)
    .groupBy('client_address')
    .orderBy(sql`sum(count - ${guestsPerAddressPerDay})`, 'desc')
    .limit(TOP)
    .execute();
  const logins = await db
    .selectFrom('abuse_counts')
    .select(['client_address', sql<number>`sum(count)`.as('hits')])
    .where('kind', '=', 'login_throttle')
    .where('day', '>=', since)
    .groupBy('client_address')
    .orderBy(sql`sum(count)`, 'desc')
    .limit(TOP)
    .execute();
  const accounts = await db
    .selectFrom('users')
    .select(['id', 'email', 'subscription_tier', 'day_spent'])
    .where('day_key', '=', day)
    .where('day_spent', '>', 0)
    .orderBy('day_spent', 'desc')
    .limit(TOP)
    .execute();
  const guestSpend = await db
    .selectFrom('credit_ledger')
    .innerJoin('guests', 'guests.id', 'credit_ledger.guest_id')
    .select(['guests.id', 'guests.client_address', sql<number>`sum(-credit_ledger.delta)`.as('spent')])
    .where('credit_ledger.created_at', '>=', `${day}T00:00:00.000Z`)
    .where('credit_ledger.reason', 'in', ['chat', 'image', 'refund'])
    .groupBy(['guests.id', 'guests.client_address'])
    .having(sql`sum(-credit_ledger.delta)`, '>', 0)
    .orderBy(sql`sum(-credit_ledger.delta)`, 'desc')
    .limit(TOP)
    .execute();
  const spenders = [
    ...accounts.map((u) => ({ kind: 'account' as const, id: u.id, label: u.email, plan: u.subscription_tier, credits: u.day_spent })),
    ...guestSpend.map((g) => ({ kind: 'guest' as const, id: g.id, label: g.client_address, plan: 'guest', credits: Number(g.spent) })),
  ]
    .sort((a, b) => b.credits - a.credits)
    .slice(0, TOP);
  return {
    days: ABUSE_DAYS,
    funded_guest_limit: guests.map((r) => ({ client_address: r.client_address, hits: Number(r.hits) })),
    login_throttle: logins.map((r) => ({ client_address: r.client_address, hits: Number(r.hits) })),
    top_spenders_today: spenders,
  };
}
