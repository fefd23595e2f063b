import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_PATHS, AppError, deleteAccountRequestSchema, okSchema } from '@ensemble/shared';
import type { AppContext } from '../../app-context.js';
import { createRateLimiter, refuseTooMany } from '../../plugins/rate-limit.js';
import { createBillingSettings } from '../billing/stripe-client.js';
import { type GoogleIdentity, createGoogleVerifier } from '../auth/google-verifier.js';
import type { Revoke } from '../session/revocation.js';
import { confirmOwner, deleteAccount } from './delete-account.js';

const WINDOW_MS = 15 * 60_000;
/** Wrong confirmations allowed per account in the window (a stolen session cannot guess the password). */
const FAILURES_PER_ACCOUNT = 5;

/** "Delete my account" (issue 15): confirmed by the password or a fresh Google sign-in. */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; revoke: Revoke }> = async (app, { ctx, revoke }) => {
  const { config } = ctx;
  const limiter = createRateLimiter(ctx);
  const { stripe } = createBillingSettings(config);
  const verifyGoogle = config.GOOGLE_CLIENT_ID
    ? createGoogleVerifier({ clientId: config.GOOGLE_CLIENT_ID, jwksUrl: config.GOOGLE_JWKS_URL })
    : null;

  app.post(
    AUTH_PATHS.deleteAccount,
    { schema: { body: deleteAccountRequestSchema, response: { 200: okSchema } } },
    async (request, reply) => {
      const who = await request.existingIdentity();
      if (who?.kind !== 'user') throw new AppError('unauthorized', 'Please sign in to continue');
      const reservation = await limiter.reserve([{ key: `delete-account:user:${who.userId}`, limit: FAILURES_PER_ACCOUNT }], WINDOW_MS);
      if (!reservation.allowed) refuseTooMany(reply, reservation.retryAfterMs);
      const { password, credential } = request.body;
      let google: GoogleIdentity | undefined;
      try {
        if (credential !== undefined) {
          if (!verifyGoogle) throw new AppError('unavailable', 'Google sign-in is not configured on this server');
          google = await verifyGoogle(credential);
        }
        await confirmOwner(ctx, who.userId, { password, google });
      } catch (error) {
        // Only refused proofs stay counted; Google being unreachable is not the caller's failure.
        if (!(error instanceof AppError) || error.code !== 'unauthorized') await reservation.release();
        throw error;
      }
      await reservation.release();
      const result = await deleteAccount(ctx, stripe, who.userId, request.log, revoke);
      request.log.info({ userId: who.userId, ...result }, 'account deleted');
      await reply.endSession();
      return { status: 'success' as const, message: 'Your account and its data were deleted' };
    },
  );
};
