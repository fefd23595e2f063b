import { randomBytes } from 'node:crypto';
import { BASE_PATH } from '@ensemble/shared';
import { type Db, now } from '../../db/connection.js';
import type { Language } from '@ensemble/shared';
import type { MailMessage } from '../mail/mailer.js';
import { mailHtmlTag, mailTexts } from '../mail/mail-texts.js';
import { recordActivity } from './account-service.js';
import { hashResetToken } from './password-reset.js';

/** A verification link stays valid for 7 days (people open sign-up mails late). */
export const VERIFY_TTL_MS = 7 * 24 * 3600 * 1000;

/** Issues a single-use verification token (256 random bits, stored hashed) for the account's current e-mail. */
export async function issueVerificationToken(
  db: Db,
  userId: number,
): Promise<{ token: string; email: string; language: string | null } | null> {
  const user = await db.kysely
    .selectFrom('users')
    .select(['email', 'email_verified', 'language'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.email_verified) return null;
  const token = randomBytes(32).toString('base64url');
  const t = Date.now();
  await db.kysely
    .insertInto('email_verifications')
    .values({
      token_hash: hashResetToken(token),
      user_id: userId,
      email: user.email,
      expires_at: new Date(t + VERIFY_TTL_MS).toISOString(),
      used_at: null,
      created_at: new Date(t).toISOString(),
    })
    .execute();
  return { token, email: user.email, language: user.language };
}

/** The verification mail, in the given language; its link is built from the configured public origin. */
export function verificationMail(origin: string, to: string, token: string, language: Language = 'en'): MailMessage {
  const link = `${origin}/api/auth/verify_email.php?token=${encodeURIComponent(token)}`;
  const w = mailTexts(language).verify;
  const text = [w.welcome, '', w.open, link, '', w.ignore].join('\n');
  const html = `<!doctype html>${mailHtmlTag(language)}<body style="font-family:sans-serif">
<p>${w.welcome}</p>
<p><a href="${link}">${w.link}</a> ${w.valid}</p>
<p style="color:#666">${w.ignore}</p>
</body></html>`;
  return { to, subject: w.subject, text, html, link };
}

/**
 * Spends a verification token: marks the account's e-mail verified if it is still the address the
 * link was sent to. Returns whether it worked; a used, expired or unknown token changes nothing.
 */
export async function completeVerification(db: Db, token: string): Promise<boolean> {
  const t = now();
  return db.kysely.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('email_verifications')
      .set({ used_at: t })
      .where('token_hash', '=', hashResetToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', t)
      .returning(['user_id', 'email'])
      .executeTakeFirst();
    if (!claimed) return false;
    const done = await trx
      .updateTable('users')
      .set({ email_verified: 1, updated_at: t })
      .where('id', '=', claimed.user_id)
      .where('email', '=', claimed.email)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return false;
    await recordActivity(trx, claimed.user_id, 'email_verified', 'Confirmed the e-mail address');
    return true;
  });
}

/** Where the browser lands after following a verification link. */
export const verifiedLanding = (ok: boolean) => `${BASE_PATH}/settings?email_verified=${ok ? '1' : '0'}`;
