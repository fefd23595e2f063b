import { randomBytes } from 'node:crypto';
import { createSession } from '../features/session/service.js';
import { SESSION_COOKIE } from '../plugins/identity.js';
import type { TestApp, TestClient } from './app-factory.js';
import { userRow } from './user-row.js';

/** Makes an account row directly and signs the client in as it (a real session cookie); returns the user id. */
export async function signInNewAccount(
  t: TestApp,
  client: TestClient,
  fields: { username?: string; credits?: number } = {},
): Promise<number> {
  const tag = randomBytes(4).toString('hex');
  const row = await t.ctx.db.kysely
    .insertInto('users')
    .values(userRow(`user-${tag}@example.test`, fields.username ?? `user-${tag}`, { credits: fields.credits ?? 100 }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const session = await createSession(t.ctx.db, t.ctx.config.SESSION_SECRET, { userId: row.id });
  client.cookies.set(SESSION_COOKIE, session.id);
  return row.id;
}

/** A new guest: a client whose first session check made it one. */
export async function newGuest(t: TestApp): Promise<TestClient> {
  const c = t.client();
  await c.get('/api/auth/check_session.php');
  return c;
}

/** The caller's credits left, as the credit meter asks for them. */
export async function creditsOf(c: TestClient): Promise<number> {
  return (await c.post('/api/credits/check_credits.php', { required_credits: 0 })).data.credits_info.remaining as number;
}

/**
 * A new account signed in on two instances sharing one database (one browser each, as behind a load balancer): `c` on
 * `t`, `d` on `other`.
 */
export async function accountOnTwoInstances(t: TestApp, other: TestApp): Promise<{ c: TestClient; d: TestClient }> {
  const c = t.client();
  await signInNewAccount(t, c);
  const d = other.client();
  for (const [k, v] of c.cookies) d.cookies.set(k, v);
  return { c, d };
}
