import { AppError, MESSAGES } from '@ensemble/shared';
import { type Db, now } from '../../db/connection.js';
import { adoptGuest, createAccount, recordActivity } from './account-service.js';
import { ownPictureKey } from './google-picture.js';
import type { GoogleIdentity } from './google-verifier.js';

/**
 * Signs in with a verified Google identity: the account linked to its subject, else the account
 * with its verified e-mail (which gets linked), else a new account. The calling guest is adopted.
 * An account without a picture of our own gets Google's, copied by `copyPicture` (our URL or null).
 */
export async function signInWithGoogle(
  db: Db,
  google: GoogleIdentity,
  guestId: number | null,
  copyPicture: () => Promise<string | null>,
): Promise<{ userId: number; created: boolean }> {
  const bySub = await db.kysely
    .selectFrom('users')
    .select(['id', 'picture', 'suspended_at'])
    .where('google_sub', '=', google.sub)
    .executeTakeFirst();
  const byEmail = bySub
    ? undefined
    : await db.kysely
        .selectFrom('users')
        .select(['id', 'google_sub', 'picture', 'suspended_at'])
        .where('email', '=', google.email)
        .executeTakeFirst();
  // The address belongs to an account already linked to another Google identity: never merge the two.
  if (byEmail?.google_sub && byEmail.google_sub !== google.sub) throw new AppError('unauthorized', MESSAGES.googleFailed);

  const existing = bySub ?? byEmail;
  if (!existing) {
    const username = (google.name ?? google.email.split('@')[0] ?? 'user').slice(0, 64);
    const userId = await createAccount(
      db,
      { email: google.email, username, passwordHash: null, googleSub: google.sub, picture: await copyPicture() },
      guestId,
      'Created an account with Google',
    );
    return { userId, created: true };
  }

  if (existing.suspended_at) throw new AppError('account_suspended', MESSAGES.accountSuspended);
  // A picture that is not ours (none, or Google's own URL from before pictures were copied) is replaced.
  const picture = ownPictureKey(existing.picture) ? null : await copyPicture();
  await db.kysely.transaction().execute(async (trx) => {
    if (byEmail) await trx.updateTable('users').set({ google_sub: google.sub, updated_at: now() }).where('id', '=', byEmail.id).execute();
    if (picture) await trx.updateTable('users').set({ picture, updated_at: now() }).where('id', '=', existing.id).execute();
    // Google vouches for this address (its verified claim), which proves it as a mailed link would.
    await trx.updateTable('users').set({ email_verified: 1 }).where('id', '=', existing.id).where('email', '=', google.email).execute();
    await recordActivity(trx, existing.id, 'login', 'Signed in with Google');
    if (guestId != null) await adoptGuest(trx, guestId, existing.id);
  });
  return { userId: existing.id, created: false };
}
