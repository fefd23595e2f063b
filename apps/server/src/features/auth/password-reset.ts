import { createHash, randomBytes } from 'node:crypto';
import { AppError, BASE_PATH, type Language } from '@ensemble/shared';
import { type Db, now } from '../../db/connection.js';
import type { MailMessage } from '../mail/mailer.js';
import { mailHtmlTag, mailTexts } from '../mail/mail-texts.js';
import { recordActivity } from './account-service.js';

export const RESET_TTL_MS = 3600 * 1000;
export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired. Please request a new one.';

/** The only form of a reset token the database holds. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Issues a single-use reset token (256 random bits, stored hashed, valid 1 hour) for an account,
 * or null when the address is unknown. The caller answers the same either way.
 */
export async function issueResetToken(db: Db, email: string): Promise<{ token: string; userId: number; language: string | null } | null> {
  const user = await db.kysely.selectFrom('users').select(['id', 'language']).where('email', '=', email).executeTakeFirst();
  if (!user) return null;
  const token = randomBytes(32).toString('base64url');
  const t = Date.now();
  await db.kysely
    .insertInto('password_resets')
    .values({
      token_hash: hashResetToken(token),
      user_id: user.id,
      expires_at: new Date(t + RESET_TTL_MS).toISOString(),
      used_at: null,
      created_at: new Date(t).toISOString(),
    })
    .execute();
  return { token, userId: user.id, language: user.language };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The reset mail, in the given language; its link is built from the configured public origin, never from a request's Host. */
export function resetMail(origin: string, to: string, token: string, language: Language = 'en'): MailMessage {
  const link = `${origin}${BASE_PATH}/reset-password?token=${encodeURIComponent(token)}`;
  const w = mailTexts(language).reset;
  const text = [w.hello, '', w.asked, w.open, '', link, '', w.ignore].join('\n');
  const href = escapeHtml(link);
  const html = `<!doctype html>${mailHtmlTag(language)}<body style="font-family:sans-serif;line-height:1.5">
<p>${w.hello}</p>
<p>${w.asked} ${w.open}</p>
<p><a href="${href}">${w.link}</a></p>
<p style="color:#666">${w.copy}<br>${href}</p>
<p style="color:#666">${w.ignore}</p>
</body></html>`;
  return { to, subject: w.subject, text, html, link };
}

/**
 * Spends a reset token: sets the new password hash, retires every other outstanding token of the
 * account and ends every session it has. An unknown, used or expired token is a 400.
 */
export async function completeReset(db: Db, token: string, passwordHash: string): Promise<number> {
  const t = now();
  const userId = await db.kysely.transaction().execute(async (trx) => {
    // One conditional update claims the token, so two concurrent uses cannot both succeed.
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: t })
      .where('token_hash', '=', hashResetToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', t)
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) throw new AppError('bad_request', INVALID_RESET_LINK);
    // The link reached the mailbox, which proves the address as the verification link would.
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, email_verified: 1, updated_at: t })
      .where('id', '=', claimed.user_id)
      .execute();
    await trx
      .updateTable('password_resets')
      .set({ used_at: t })
      .where('user_id', '=', claimed.user_id)
      .where('used_at', 'is', null)
      .execute();
    // Every session ends with the old password (the same rule as deleteUserSessions, inside this transaction).
    await trx.deleteFrom('sessions').where('user_id', '=', claimed.user_id).execute();
    await recordActivity(trx, claimed.user_id, 'password_reset', 'Password changed with a reset link');
    return claimed.user_id;
  });
  return userId;
}

/** The account a token belongs to while it can still be used (for checking the new password against it). */
export async function resetTokenOwner(db: Db, token: string): Promise<{ email: string; username: string } | null> {
  const row = await db.kysely
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['users.email', 'users.username'])
    .where('password_resets.token_hash', '=', hashResetToken(token))
    .where('password_resets.used_at', 'is', null)
    .where('password_resets.expires_at', '>', now())
    .executeTakeFirst();
  return row ?? null;
}
