import { apiImageKey } from '../developer-api/api-images.js';
import { AppError } from '@ensemble/shared';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../../app-context.js';
import type { GoogleIdentity } from '../auth/google-verifier.js';
import { verifyPassword } from '../auth/passwords.js';
import { ownPictureKey } from '../auth/google-picture.js';
import type { Revoke } from '../session/revocation.js';
import { listOwnedAttachments, listOwnedFiles } from './owned-files.js';

/** A Google sign-in confirms a deletion only when Google authenticated the user this recently. */
export const FRESH_SIGN_IN_SECONDS = 5 * 60;
export const WRONG_PASSWORD = 'The password is not right';
export const NOT_FRESH = 'Please sign in with Google again to confirm';

/** Subscription states that still bill and so must be stopped first. */
const BILLING = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete']);

/** Checks the confirmation: the account's password, or a fresh Google sign-in as this very account. */
export async function confirmOwner(
  ctx: AppContext,
  userId: number,
  proof: { password?: string; google?: GoogleIdentity },
  at = Date.now(),
): Promise<void> {
  const user = await ctx.db.kysely.selectFrom('users').select(['password_hash', 'google_sub']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw new AppError('unauthorized', 'Please sign in to continue');
  if (proof.password !== undefined) {
    if (!user.password_hash) throw new AppError('bad_request', 'This account has no password; confirm with Google instead');
    if (!(await verifyPassword(user.password_hash, proof.password)))
      throw new AppError('unauthorized', WRONG_PASSWORD, { field: 'password' });
    return;
  }
  const google = proof.google;
  if (!google) throw new AppError('bad_request', 'Send the password or a Google sign-in');
  if (!user.google_sub || google.sub !== user.google_sub)
    throw new AppError('unauthorized', 'That Google account is not the one linked to this account');
  const age = google.authenticatedAt === null ? Number.POSITIVE_INFINITY : at / 1000 - google.authenticatedAt;
  if (age > FRESH_SIGN_IN_SECONDS) throw new AppError('unauthorized', NOT_FRESH);
}

/** What a deletion did. */
export interface DeletionResult {
  files: number;
  subscriptionCanceled: boolean;
}

/**
 * Deletes an account: first stops a billing Stripe subscription at its period end (if Stripe refuses,
 * nothing is deleted and the user can try again), then in one transaction ends every session and
 * deletes the account row, whose threads, messages, images, activity, share links, assistants and resets go with it
 * by cascade while the ledger keeps its rows with user_id nulled (migration 002); last, the files.
 * Its running replies are cut on every instance (`revoke`), before and again after the rows go.
 */
export async function deleteAccount(
  ctx: AppContext,
  stripe: Stripe | null,
  userId: number,
  log: FastifyBaseLogger,
  revoke: Revoke,
): Promise<DeletionResult> {
  const db = ctx.db.kysely;
  const user = await db
    .selectFrom('users')
    .select(['stripe_subscription_id', 'subscription_status'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new AppError('unauthorized', 'Please sign in to continue');
  let subscriptionCanceled = false;
  if (user.stripe_subscription_id && BILLING.has(user.subscription_status)) {
    if (!stripe)
      throw new AppError(
        'unavailable',
        'Your subscription cannot be stopped right now, so the account was not deleted. Please contact support.',
      );
    try {
      await stripe.subscriptions.update(user.stripe_subscription_id, { cancel_at_period_end: true });
      subscriptionCanceled = true;
    } catch (err) {
      // A subscription Stripe no longer has cannot bill again.
      if ((err as { code?: string }).code !== 'resource_missing')
        throw new AppError('bad_gateway', 'Stripe did not stop the subscription, so the account was not deleted. Please try again.');
    }
  }
  const owner = { kind: 'user' as const, userId, guestId: null, sessionHash: '' };
  const account = await db.selectFrom('users').select('picture').where('id', '=', userId).executeTakeFirst();
  const pictureKey = ownPictureKey(account?.picture ?? null);
  const target = { kind: 'account' as const, userId };
  // Without Redis, replies on other instances are found through the account's open charges, which go with it.
  await revoke(target);
  const files = await db.transaction().execute(async (trx) => {
    // The files are listed under the row's lock (PostgreSQL; SQLite runs one transaction at a time):
    // an upload that stores its row before this sees it listed, and one after it finds the account
    // gone (and removes its own files), so none is left behind.
    if (ctx.db.dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    const owned = [...(await listOwnedFiles(trx, owner, undefined, true)), ...(await listOwnedAttachments(trx, owner))];
    // Images made through the API (kept a day, outside the gallery) go with their rows.
    const apiImages = await trx.selectFrom('api_images').select('file_name').where('user_id', '=', userId).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    return { owned, apiImages: apiImages.map((i) => apiImageKey(i.file_name)) };
  });
  // A reply started between the first cut and the deletion has no account left to write to.
  await revoke(target);
  const keys = [
    ...files.owned.flatMap((f) => [f.key, ...(f.companionKeys ?? [])]),
    ...files.apiImages,
    ...(pictureKey ? [pictureKey] : []),
  ];
  let removed = 0;
  for (const key of keys) {
    try {
      await ctx.storage.remove(key);
      removed++;
    } catch (err) {
      log.error({ err, key }, 'a deleted account file could not be removed from the store');
    }
  }
  return { files: removed, subscriptionCanceled };
}
