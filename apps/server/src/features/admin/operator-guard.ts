import type { FastifyRequest } from 'fastify';
import { AppError, MESSAGES } from '@ensemble/shared';
import type { Db } from '../../db/connection.js';

/** The operator behind a request: an account whose verified e-mail is in ADMIN_EMAILS and that is not suspended. */
export interface Operator {
  id: number;
  email: string;
  username: string;
}

/** Whether an account row makes an operator under this ADMIN_EMAILS list. */
export function isOperator(
  adminEmails: readonly string[],
  u: { email: string; email_verified: number; suspended_at: string | null },
): boolean {
  return u.email_verified === 1 && !u.suspended_at && adminEmails.includes(u.email.toLowerCase());
}

/**
 * The calling operator, or a 403 for anyone else (a guest, an account, an unverified or suspended
 * operator) or an operator whose session did not pass a second factor. Never creates a guest identity: an admin call
 * must not mint one.
 */
export async function requireOperator(request: FastifyRequest, db: Db, adminEmails: readonly string[]): Promise<Operator> {
  const who = await request.existingIdentity();
  if (who?.kind === 'user' && adminEmails.length > 0) {
    const u = await db.kysely
      .selectFrom('users')
      .innerJoin('sessions', 'sessions.user_id', 'users.id')
      .select(['users.id', 'email', 'username', 'email_verified', 'suspended_at', 'totp_enabled_at', 'sessions.second_factor'])
      .where('users.id', '=', who.userId)
      .where('sessions.id_hash', '=', who.sessionHash)
      .executeTakeFirst();
    if (u && isOperator(adminEmails, u)) {
      // The console needs a session that passed a second factor: one leaked password must not open it.
      if (!u.second_factor) {
        const passkey = await db.kysely.selectFrom('passkeys').select('id').where('user_id', '=', u.id).executeTakeFirst();
        throw new AppError('forbidden', u.totp_enabled_at || passkey ? MESSAGES.operatorsSignInAgain : MESSAGES.operatorsNeedTwoFactor);
      }
      return { id: u.id, email: u.email, username: u.username };
    }
  }
  throw new AppError('forbidden', MESSAGES.operatorsOnly);
}
