import {
  AppError,
  type AuthUserResponse,
  MESSAGES,
  type RecoveryCodesResponse,
  TWO_FACTOR_PATHS,
  type TwoFactorSetupResponse,
  type TwoFactorStatusResponse,
  twoFactorCodeRequestSchema,
  twoFactorVerifyRequestSchema,
} from '@ensemble/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { type RateLimiter, refuseTooMany } from '../../plugins/rate-limit.js';
import { recordAbuse } from '../admin/abuse.js';
import { isOperator } from '../admin/operator-guard.js';
import { completeSignIn } from '../auth/account-service.js';
import { reserveSignInAttempt } from '../auth/sign-in-limits.js';
import type { Identity } from '../session/service.js';
import type { TwoFactorService } from './service.js';

/** The account signed in on this device (not through an API key); guests have nothing to protect. */
async function accountOf(request: FastifyRequest): Promise<Extract<Identity, { kind: 'user' }>> {
  const who = await request.existingIdentity();
  if (who?.kind !== 'user' || who.apiKeyId) throw new AppError('forbidden', MESSAGES.twoFactorSignUp);
  return who;
}

/** Two-factor sign-in (issue 44): set up, turn on and off, recovery codes, and the second step of a sign-in. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  limiter: RateLimiter;
  twoFactor: TwoFactorService;
  signedIn(userId: number, message: string): Promise<AuthUserResponse>;
}> = async (app, { ctx, limiter, twoFactor, signedIn }) => {
  const { db, config } = ctx;

  app.get(TWO_FACTOR_PATHS.status, async (request, reply): Promise<TwoFactorStatusResponse> => {
    const who = await accountOf(request);
    const [state, user] = await Promise.all([
      twoFactor.status(who.userId, who.sessionHash),
      db.kysely
        .selectFrom('users')
        .select(['email', 'email_verified', 'suspended_at'])
        .where('id', '=', who.userId)
        .executeTakeFirstOrThrow(),
    ]);
    reply.header('Cache-Control', 'no-store');
    return {
      status: 'success',
      enabled: state.enabled,
      recovery_codes_left: state.recoveryCodesLeft,
      session_verified: state.sessionVerified,
      required: isOperator(config.ADMIN_EMAILS, user),
    };
  });

  app.post(TWO_FACTOR_PATHS.setup, async (request, reply): Promise<TwoFactorSetupResponse> => {
    const who = await accountOf(request);
    reply.header('Cache-Control', 'no-store');
    return { status: 'success', ...(await twoFactor.setup(who.userId)) };
  });

  app.post(
    TWO_FACTOR_PATHS.enable,
    { schema: { body: twoFactorCodeRequestSchema } },
    async (request, reply): Promise<RecoveryCodesResponse> => {
      const who = await accountOf(request);
      reply.header('Cache-Control', 'no-store');
      return { status: 'success', recovery_codes: await twoFactor.enable(who.userId, request.body.code, who.sessionHash) };
    },
  );

  app.post(TWO_FACTOR_PATHS.disable, { schema: { body: twoFactorCodeRequestSchema } }, async (request) => {
    const who = await accountOf(request);
    await twoFactor.disable(who.userId, request.body.code);
    return { status: 'success' as const };
  });

  app.post(
    TWO_FACTOR_PATHS.recoveryCodes,
    { schema: { body: twoFactorCodeRequestSchema } },
    async (request, reply): Promise<RecoveryCodesResponse> => {
      const who = await accountOf(request);
      reply.header('Cache-Control', 'no-store');
      return { status: 'success', recovery_codes: await twoFactor.regenerateRecoveryCodes(who.userId, request.body.code) };
    },
  );

  app.post(TWO_FACTOR_PATHS.verify, { schema: { body: twoFactorVerifyRequestSchema } }, async (request, reply) => {
    const { challenge, code } = request.body;
    const found = await twoFactor.findChallenge(challenge);
    if (!found) throw new AppError('unauthorized', MESSAGES.twoFactorChallengeExpired);
    const account = await db.kysely.selectFrom('users').select(['email', 'suspended_at']).where('id', '=', found.userId).executeTakeFirst();
    if (!account) throw new AppError('unauthorized', MESSAGES.twoFactorChallengeExpired);
    // A wrong code counts against the same limits as a wrong password.
    const reservation = await reserveSignInAttempt(limiter, config, account.email, request.ip);
    if (!reservation.allowed) {
      await recordAbuse(db.kysely, 'login_throttle', request.ip);
      refuseTooMany(reply, reservation.retryAfterMs);
    }
    let factor: Awaited<ReturnType<TwoFactorService['useCode']>>;
    try {
      factor = await twoFactor.useCode(found.userId, code);
    } catch (error) {
      await reservation.release(); // our fault, not a wrong guess
      throw error;
    }
    if (!factor) throw new AppError('unauthorized', MESSAGES.twoFactorWrongCode, { field: 'code' });
    await reservation.release();
    // Single use: of two right answers at once, one signs in.
    if (!(await twoFactor.consumeChallenge(challenge))) throw new AppError('unauthorized', MESSAGES.twoFactorChallengeExpired);
    if (account.suspended_at) throw new AppError('account_suspended', MESSAGES.accountSuspended);
    await completeSignIn(db, found.userId, found.guestId, factor === 'recovery' ? 'Signed in with a recovery code' : 'Signed in');
    await reply.startSession({ userId: found.userId, secondFactor: factor });
    return signedIn(found.userId, found.message);
  });
};
