import type { FastifyRequest } from 'fastify';
import { mailLanguage } from '../mail/mail-texts.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_PATHS,
  AppError,
  type AuthUserResponse,
  googleSignInRequestSchema,
  MESSAGES,
  loginRequestSchema,
  registerRequestSchema,
  type TwoFactorChallengeResponse,
} from '@ensemble/shared';
import type { AppContext } from '../../app-context.js';
import { createRateLimiter, refuseTooMany } from '../../plugins/rate-limit.js';
import { createMailer } from '../mail/mailer.js';
import { recordAbuse } from '../admin/abuse.js';
import { completeSignIn, createAccount, findAccountByEmail } from './account-service.js';
import { copyGooglePicture } from './google-picture.js';
import { pictureRoutes } from './picture-routes.js';
import { signInWithGoogle } from './google-sign-in.js';
import { createGoogleVerifier } from './google-verifier.js';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.js';
import { profileRoutes } from './profile-routes.js';
import { issueVerificationToken, verificationMail } from './email-verification.js';
import { resetRoutes } from './reset-routes.js';
import { reserveSignInAttempt } from './sign-in-limits.js';
import { secretBoxFromConfig } from '../mcp/secret-box.js';
import { createTwoFactorService } from '../two-factor/service.js';
import { twoFactorRoutes } from '../two-factor/routes.js';
import { passkeyRoutes } from '../passkeys/routes.js';
import { verifyRoutes } from './verify-routes.js';
import { findUserView } from './user-view.js';

export const INVALID_LOGIN = 'Invalid email or password';
const HOUR_MS = 3600 * 1000;
const REGISTER_PER_ADDRESS_PER_HOUR = 10;

/** The calling guest, whose threads an account adopts at sign-in (null when the caller is not a guest). */
async function callingGuest(request: FastifyRequest): Promise<number | null> {
  const who = await request.existingIdentity();
  return who?.kind === 'guest' ? who.guestId : null;
}

/** Accounts: register, login, logout, Google sign-in, password reset, profile figures. */
export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const limiter = createRateLimiter(ctx);
  const mailer = createMailer(config, app.log);
  const verifyGoogle = config.GOOGLE_CLIENT_ID
    ? createGoogleVerifier({ clientId: config.GOOGLE_CLIENT_ID, jwksUrl: config.GOOGLE_JWKS_URL })
    : null;
  const loginWindowMs = config.LOGIN_WINDOW_MINUTES * 60_000;
  const twoFactor = createTwoFactorService(db, secretBoxFromConfig(config));

  /** The first step of a sign-in with two-factor on: a challenge for verify.php, which finishes it. */
  async function askForCode(userId: number, guestId: number | null, message: string): Promise<TwoFactorChallengeResponse> {
    const challenge = await twoFactor.createChallenge(userId, guestId, message);
    return { status: 'two_factor_required', message: MESSAGES.twoFactorPrompt, challenge };
  }

  async function signedIn(userId: number, message: string): Promise<AuthUserResponse> {
    const user = await findUserView(db.kysely, userId);
    if (!user) throw new AppError('internal', 'account vanished during sign-in');
    return { status: 'success', message, user };
  }

  app.post(AUTH_PATHS.register, { schema: { body: registerRequestSchema } }, async (request, reply) => {
    const gate = await limiter.hit(`register:addr:${request.ip}`, REGISTER_PER_ADDRESS_PER_HOUR, HOUR_MS);
    if (!gate.allowed) refuseTooMany(reply, gate.retryAfterMs);
    const { email, username, password } = request.body;
    const problem = passwordProblem(password, [email, username]);
    if (problem) throw new AppError('bad_request', problem, { field: 'password' });
    const passwordHash = await hashPassword(password);
    const userId = await createAccount(
      db,
      { email, username, passwordHash, googleSub: null, picture: null },
      await callingGuest(request),
      'Created an account',
    );
    await reply.startSession({ userId });
    // Sent in the background: sign-up does not wait for SMTP; Settings can mail a new link.
    issueVerificationToken(db, userId)
      .then(
        (issued) =>
          issued &&
          mailer.send(
            verificationMail(config.origin, issued.email, issued.token, mailLanguage(issued.language, request.headers['accept-language'])),
          ),
      )
      .catch((err) => request.log.error({ err }, 'verification mail failed'));
    return signedIn(userId, 'Registration successful');
  });

  app.post(AUTH_PATHS.login, { schema: { body: loginRequestSchema } }, async (request, reply) => {
    const { email, password } = request.body;
    const reservation = await reserveSignInAttempt(limiter, config, email, request.ip);
    if (!reservation.allowed) {
      // Counted for the operators' abuse view, which outlives the throttle's own window.
      await recordAbuse(db.kysely, 'login_throttle', request.ip);
      refuseTooMany(reply, reservation.retryAfterMs);
    }
    let account: Awaited<ReturnType<typeof findAccountByEmail>>;
    let ok: boolean;
    try {
      account = await findAccountByEmail(db.kysely, email);
      ok = await verifyPassword(account?.password_hash ?? null, password);
    } catch (error) {
      await reservation.release(); // our fault, not a wrong guess
      throw error;
    }
    if (!account || !ok) throw new AppError('unauthorized', INVALID_LOGIN);
    await reservation.release();
    if (account.suspended_at) throw new AppError('account_suspended', MESSAGES.accountSuspended);
    // With two-factor sign-in on, the right password only earns the question for the code.
    if (await twoFactor.isEnabled(account.id)) return askForCode(account.id, await callingGuest(request), 'Login successful');
    await completeSignIn(db, account.id, await callingGuest(request), 'Signed in');
    await reply.startSession({ userId: account.id });
    return signedIn(account.id, 'Login successful');
  });

  app.post(AUTH_PATHS.logout, async (_request, reply) => {
    await reply.endSession();
    return { status: 'success' as const, message: 'Signed out' };
  });

  app.post(AUTH_PATHS.userHandler, { schema: { body: googleSignInRequestSchema } }, async (request, reply) => {
    if (!verifyGoogle) throw new AppError('unavailable', 'Google sign-in is not configured on this server');
    const reservation = await limiter.reserve(
      [{ key: `google:addr:${request.ip}`, limit: config.LOGIN_MAX_FAILURES_PER_ADDRESS }],
      loginWindowMs,
    );
    if (!reservation.allowed) refuseTooMany(reply, reservation.retryAfterMs);
    let google: Awaited<ReturnType<typeof verifyGoogle>>;
    try {
      google = await verifyGoogle(request.body.credential);
    } catch (error) {
      // A credential Google's keys refuse stays counted; Google being unreachable is not the caller's failure.
      if (!(error instanceof AppError) || error.code === 'bad_gateway') await reservation.release();
      throw error;
    }
    await reservation.release();
    // Only the verified claims name the account; the posted profile fields are ignored.
    const copyPicture = () => copyGooglePicture(google.picture, { origins: config.GOOGLE_PICTURE_ORIGINS }, ctx.storage, request.log);
    const { userId, created } = await signInWithGoogle(db, google, await callingGuest(request), copyPicture);
    if (await twoFactor.isEnabled(userId)) return askForCode(userId, null, 'Login successful');
    await reply.startSession({ userId });
    return signedIn(userId, created ? 'Account created with Google' : 'Login successful');
  });

  await app.register(twoFactorRoutes, { ctx, limiter, twoFactor, signedIn });
  await app.register(passkeyRoutes, { ctx, limiter, signedIn });
  await app.register(resetRoutes, { ctx, limiter, mailer });
  await app.register(verifyRoutes, { ctx, limiter, mailer });
  await app.register(profileRoutes, { db });
  await app.register(pictureRoutes, { ctx });
};
