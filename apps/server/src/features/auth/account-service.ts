import { AppError, CREDITS, type UserStats } from '@ensemble/shared';
import type { Kysely, Transaction } from 'kysely';
import { type Db, now } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import { METRIC, bump, utcDay } from '../rollups/rollups.js';

type Executor = Kysely<Database> | Transaction<Database>;

export const EMAIL_TAKEN = 'An account with this e-mail already exists';

/** What a new account is made from; exactly one of passwordHash and googleSub is usually set. */
export interface NewAccount {
  email: string;
  username: string;
  passwordHash: string | null;
  googleSub: string | null;
  picture: string | null;
}

/** Appends one row to the account's activity list. */
export async function recordActivity(db: Executor, userId: number, type: string, description: string): Promise<void> {
  await db
    .insertInto('activities')
    .values({ user_id: userId, guest_id: null, activity_type: type, description, created_at: now() })
    .execute();
}

/**
 * Moves a guest's threads (their messages follow), images, activities and blind comparisons to an account and
 * retires the guest identity. Guest credits stay behind: the account has its own.
 */
export async function adoptGuest(trx: Transaction<Database>, guestId: number, userId: number): Promise<void> {
  const owner = { user_id: userId, guest_id: null };
  await trx.updateTable('threads').set(owner).where('guest_id', '=', guestId).execute();
  await trx.updateTable('images').set(owner).where('guest_id', '=', guestId).execute();
  await trx.updateTable('attachments').set(owner).where('guest_id', '=', guestId).execute();
  await trx.updateTable('activities').set(owner).where('guest_id', '=', guestId).execute();
  // A blind comparison started as a guest can be voted on (and its pictures revealed) once signed up (issue 41).
  await trx.updateTable('arena_comparisons').set(owner).where('guest_id', '=', guestId).execute();
  await trx.updateTable('guests').set({ retired_at: now() }).where('id', '=', guestId).where('retired_at', 'is', null).execute();
  await trx.deleteFrom('sessions').where('guest_id', '=', guestId).execute();
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Creates an account with the sign-up grant (and its ledger row), records the registration and
 * adopts the calling guest, all in one transaction. A taken e-mail is a 409.
 */
export async function createAccount(db: Db, account: NewAccount, guestId: number | null, activity: string): Promise<number> {
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const taken = await trx.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirst();
      if (taken) throw new AppError('conflict', EMAIL_TAKEN);
      const t = now();
      const user = await trx
        .insertInto('users')
        .values({
          email: account.email,
          username: account.username,
          password_hash: account.passwordHash,
          google_sub: account.googleSub,
          picture: account.picture,
          credits: CREDITS.signUpBonus,
          credits_used: 0,
          subscription_tier: 'free',
          subscription_status: 'none',
          subscription_end_date: null,
          stripe_customer_id: null,
          stripe_subscription_id: null,
          created_at: t,
          updated_at: t,
          email_verified: account.googleSub ? 1 : 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('credit_ledger')
        .values({
          user_id: user.id,
          guest_id: null,
          delta: CREDITS.signUpBonus,
          balance_after: CREDITS.signUpBonus,
          reason: 'signup_grant',
          model: null,
          reference: null,
          created_at: t,
        })
        .execute();
      await bump(trx, METRIC.signups, '', 1, utcDay(t));
      await recordActivity(trx, user.id, 'register', activity);
      if (guestId != null) await adoptGuest(trx, guestId, user.id);
      return user.id;
    });
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw new AppError('conflict', EMAIL_TAKEN);
    throw error;
  }
}

/** Records a sign-in and adopts the calling guest, in one transaction. */
export async function completeSignIn(db: Db, userId: number, guestId: number | null, activity: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await recordActivity(trx, userId, 'login', activity);
    if (guestId != null) await adoptGuest(trx, guestId, userId);
  });
}

/** The account behind an e-mail address, for sign-in. */
export function findAccountByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'username', 'password_hash', 'google_sub', 'picture', 'suspended_at'])
    .where('email', '=', email)
    .executeTakeFirst();
}

/** The profile figures: messages and threads the account owns, credits and subscription. */
export async function userStats(db: Executor, userId: number): Promise<UserStats> {
  const user = await db
    .selectFrom('users')
    .select(['credits', 'credits_used', 'subscription_tier', 'subscription_status', 'subscription_end_date'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const threads = await db
    .selectFrom('threads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const messages = await db
    .selectFrom('messages')
    .innerJoin('threads', 'threads.id', 'messages.thread_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('threads.user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const tier = user.subscription_tier === 'pro' || user.subscription_tier === 'premium' ? user.subscription_tier : 'free';
  return {
    total_messages: Number(messages.n),
    total_threads: Number(threads.n),
    credits_used: user.credits_used,
    credits_remaining: user.credits,
    subscription_tier: tier,
    subscription_status: user.subscription_status,
    subscription_end_date: user.subscription_end_date,
  };
}
