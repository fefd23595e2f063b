import { randomBytes } from 'node:crypto';
import { now } from '../db/connection.js';
import { createSession } from '../features/session/service.js';
import { SESSION_COOKIE } from '../plugins/identity.js';
import type { TestApp, TestClient } from './app-factory.js';

/** Makes an account row directly and signs the client in as it (a real session cookie); returns the user id. */
export async function signInNewAccount(
  t: TestApp,
  client: TestClient,
  fields: { username?: string; credits?: number } = {},
): Promise<number> {
  const t0 = now();
  const tag = randomBytes(4).toString('hex');
  const row = await t.ctx.db.kysely
    .insertInto('users')
    .values({
      email: `user-${tag}@example.test`,
      username: fields.username ?? `user-${tag}`,
      password_hash: null,
      google_sub: null,
      picture: null,
      credits: fields.credits ?? 100,
      credits_used: 0,
      subscription_tier: 'free',
      subscription_status: 'none',
      subscription_end_date: null,
      stripe_customer_id: null,
      stripe_subscription_id: null,
      created_at: t0,
      updated_at: t0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const session = await createSession(t.ctx.db, t.ctx.config.SESSION_SECRET, { userId: row.id });
  client.cookies.set(SESSION_COOKIE, session.id);
  return row.id;
}
