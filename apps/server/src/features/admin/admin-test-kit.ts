import { randomBytes } from 'node:crypto';
import type { TestApp, TestClient } from '../../test/app-factory.js';
import { userRow } from '../../test/user-row.js';
import { createSession } from '../session/service.js';
import { SESSION_COOKIE } from '../../plugins/identity.js';

/** The operator address the admin tests configure in ADMIN_EMAILS. */
export const OPERATOR_EMAIL = 'ops@example.test';
export const ADMIN_ENV = { ADMIN_EMAILS: ` Someone@Else.test , ${OPERATOR_EMAIL.toUpperCase()}` };

/** Makes an account with the given fields and signs the client in as it; returns its id. */
export async function signInAs(
  t: TestApp,
  client: TestClient,
  fields: { email?: string; username?: string; verified?: boolean; credits?: number; tier?: string } = {},
): Promise<number> {
  const tag = randomBytes(4).toString('hex');
  const row = await t.ctx.db.kysely
    .insertInto('users')
    .values(
      userRow(fields.email ?? `user-${tag}@example.test`, fields.username ?? `user-${tag}`, {
        credits: fields.credits ?? 100,
        subscription_tier: fields.tier ?? 'free',
        subscription_status: fields.tier && fields.tier !== 'free' ? 'active' : 'none',
        email_verified: fields.verified === false ? 0 : 1,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const session = await createSession(t.ctx.db, t.ctx.config.SESSION_SECRET, { userId: row.id });
  client.cookies.set(SESSION_COOKIE, session.id);
  return row.id;
}

/**
 * Signs the client in as the configured, verified operator (made on first use), in a session that passed a second
 * factor as the console requires (two-factor.test.ts drives the real enrolment and sign-in).
 */
export async function signInOperator(t: TestApp, client: TestClient): Promise<number> {
  const existing = await t.ctx.db.kysely.selectFrom('users').select('id').where('email', '=', OPERATOR_EMAIL).executeTakeFirst();
  const id = existing?.id ?? (await signInAs(t, client, { email: OPERATOR_EMAIL, username: 'Ops' }));
  const session = await createSession(t.ctx.db, t.ctx.config.SESSION_SECRET, { userId: id, secondFactor: 'totp' });
  client.cookies.set(SESSION_COOKIE, session.id);
  return id;
}

/** Sends a chat request that costs the model's credits (demo provider), as the chat screen does. */
export function chatOnce(client: TestClient, model = 'gpt-4o-mini', i = 0) {
  return client.post('/api/messages/chat.php', {
    model,
    is_comparison: true,
    stream: false,
    messages: [{ content: `Question ${i}`, role: 'user' }],
  });
}
