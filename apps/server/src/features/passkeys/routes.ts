import { createHash, createHmac } from 'node:crypto';
import {
  AppError,
  type AuthUserResponse,
  MAX_PASSKEYS,
  MESSAGES,
  PASSKEY_PATHS,
  type Passkey,
  type PasskeyListResponse,
  passkeyDeleteRequestSchema,
  passkeyRegisterRequestSchema,
  passkeySignInRequestSchema,
} from '@ensemble/shared';
import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { now } from '../../db/connection.js';
import { type RateLimiter, refuseTooMany } from '../../plugins/rate-limit.js';
import { recordAbuse } from '../admin/abuse.js';
import { completeSignIn, recordActivity } from '../auth/account-service.js';
import type { Identity } from '../session/service.js';

/** How long the options of one registration or sign-in may be answered. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const hashOf = (challenge: string) => createHash('sha256').update(challenge).digest('hex');

async function accountOf(request: FastifyRequest): Promise<Extract<Identity, { kind: 'user' }>> {
  const who = await request.existingIdentity();
  if (who?.kind !== 'user' || who.apiKeyId) throw new AppError('forbidden', MESSAGES.passkeySignUp);
  return who;
}

/** Passkeys (issue 44): register and remove them in Settings, and sign in with one alone. */
export const passkeyRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  limiter: RateLimiter;
  signedIn(userId: number, message: string): Promise<AuthUserResponse>;
}> = async (app, { ctx, limiter, signedIn }) => {
  const { db, config } = ctx;
  const k = db.kysely;
  const origin = config.origin;
  const rpID = new URL(origin).hostname;

  /** Keeps a challenge for the answer, which may land on another instance. */
  async function remember(challenge: string, kind: 'register' | 'sign_in', userId: number | null): Promise<void> {
    const t = Date.now();
    await k.deleteFrom('webauthn_challenges').where('expires_at', '<', new Date(t).toISOString()).execute();
    await k
      .insertInto('webauthn_challenges')
      .values({ id_hash: hashOf(challenge), user_id: userId, kind, expires_at: new Date(t + CHALLENGE_TTL_MS).toISOString() })
      .execute();
  }

  /** Uses a challenge up (once, on any instance): whether it was ours, of this kind and account, and in time. */
  function consume(kind: 'register' | 'sign_in', userId: number | null) {
    return async (challenge: string): Promise<boolean> => {
      let q = k
        .deleteFrom('webauthn_challenges')
        .where('id_hash', '=', hashOf(challenge))
        .where('kind', '=', kind)
        .where('expires_at', '>', new Date().toISOString());
      q = userId == null ? q.where('user_id', 'is', null) : q.where('user_id', '=', userId);
      return Number((await q.executeTakeFirst()).numDeletedRows) === 1;
    };
  }

  async function listOf(userId: number): Promise<Passkey[]> {
    return k
      .selectFrom('passkeys')
      .select(['id', 'name', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  app.get(PASSKEY_PATHS.list, async (request, reply): Promise<PasskeyListResponse> => {
    const who = await accountOf(request);
    reply.header('Cache-Control', 'no-store');
    return { status: 'success', passkeys: await listOf(who.userId) };
  });

  app.post(PASSKEY_PATHS.registerOptions, async (request, reply) => {
    const who = await accountOf(request);
    const user = await k.selectFrom('users').select(['email', 'username']).where('id', '=', who.userId).executeTakeFirstOrThrow();
    const existing = await k.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', who.userId).execute();
    if (existing.length >= MAX_PASSKEYS) throw new AppError('bad_request', MESSAGES.passkeysMax(MAX_PASSKEYS));
    const options = await generateRegistrationOptions({
      rpName: 'Ensemble',
      rpID,
      userName: user.email,
      userDisplayName: user.username,
      // One handle per account (not its row id): an authenticator then keeps one passkey per account.
      userID: createHmac('sha256', config.SESSION_SECRET).update(`webauthn-user:${who.userId}`).digest().subarray(0, 32),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports ? JSON.parse(p.transports) : undefined })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await remember(options.challenge, 'register', who.userId);
    reply.header('Cache-Control', 'no-store');
    return { status: 'success' as const, options };
  });

  app.post(PASSKEY_PATHS.register, { schema: { body: passkeyRegisterRequestSchema } }, async (request) => {
    const who = await accountOf(request);
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response: request.body.credential as unknown as RegistrationResponseJSON,
        expectedChallenge: consume('register', who.userId),
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      });
    } catch (error) {
      request.log.info({ err: error }, 'passkey registration refused');
      throw new AppError('bad_request', MESSAGES.passkeyRefused);
    }
    if (!verified.verified) throw new AppError('bad_request', MESSAGES.passkeyRefused);
    const { credential } = verified.registrationInfo;
    const count = await k
      .selectFrom('passkeys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', who.userId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_PASSKEYS) throw new AppError('bad_request', MESSAGES.passkeysMax(MAX_PASSKEYS));
    const name = request.body.name || `Passkey ${Number(count.n) + 1}`;
    const saved = await k.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('passkeys')
        .values({
          user_id: who.userId,
          credential_id: credential.id,
          public_key: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ? JSON.stringify(credential.transports) : null,
          name,
          created_at: now(),
          last_used_at: null,
        })
        .onConflict((oc) => oc.column('credential_id').doNothing())
        .returning(['id', 'name', 'created_at', 'last_used_at'])
        .executeTakeFirst();
      if (!row) throw new AppError('conflict', MESSAGES.passkeyRefused);
      // The session that proved it holds the passkey counts as one that passed a second factor.
      await trx
        .updateTable('sessions')
        .set({ second_factor: 'passkey' })
        .where('id_hash', '=', who.sessionHash)
        .where('second_factor', 'is', null)
        .execute();
      await recordActivity(trx, who.userId, 'security', `Added the passkey ${name}`);
      return row;
    });
    return { status: 'success' as const, passkey: saved };
  });

  app.post(PASSKEY_PATHS.remove, { schema: { body: passkeyDeleteRequestSchema } }, async (request) => {
    const who = await accountOf(request);
    const gone = await k.deleteFrom('passkeys').where('id', '=', request.body.id).where('user_id', '=', who.userId).executeTakeFirst();
    if (Number(gone.numDeletedRows) !== 1) throw new AppError('not_found', MESSAGES.passkeyNotFound);
    await recordActivity(k, who.userId, 'security', 'Removed a passkey');
    return { status: 'success' as const };
  });

  app.post(PASSKEY_PATHS.signInOptions, async (_request, reply) => {
    // No account named: the browser offers the passkeys it holds for this site (discoverable credentials).
    const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred' });
    await remember(options.challenge, 'sign_in', null);
    reply.header('Cache-Control', 'no-store');
    return { status: 'success' as const, options };
  });

  app.post(PASSKEY_PATHS.signIn, { schema: { body: passkeySignInRequestSchema } }, async (request, reply) => {
    const reservation = await limiter.reserve(
      [{ key: `passkey:addr:${request.ip}`, limit: config.LOGIN_MAX_FAILURES_PER_ADDRESS }],
      config.LOGIN_WINDOW_MINUTES * 60_000,
    );
    if (!reservation.allowed) {
      await recordAbuse(k, 'login_throttle', request.ip);
      refuseTooMany(reply, reservation.retryAfterMs);
    }
    const { credential } = request.body;
    const passkey = await k.selectFrom('passkeys').selectAll().where('credential_id', '=', credential.id).executeTakeFirst();
    if (!passkey) throw new AppError('unauthorized', MESSAGES.passkeyUnknown);
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verified = await verifyAuthenticationResponse({
        response: credential as unknown as AuthenticationResponseJSON,
        expectedChallenge: consume('sign_in', null),
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.credential_id,
          publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
          counter: Number(passkey.counter),
          transports: passkey.transports ? JSON.parse(passkey.transports) : undefined,
        },
        requireUserVerification: false,
      });
    } catch (error) {
      request.log.info({ err: error }, 'passkey sign-in refused');
      throw new AppError('unauthorized', MESSAGES.passkeyRefused);
    }
    if (!verified.verified) throw new AppError('unauthorized', MESSAGES.passkeyRefused);
    await reservation.release();
    await k
      .updateTable('passkeys')
      .set({ counter: verified.authenticationInfo.newCounter, last_used_at: now() })
      .where('id', '=', passkey.id)
      .execute();
    const account = await k.selectFrom('users').select('suspended_at').where('id', '=', passkey.user_id).executeTakeFirstOrThrow();
    if (account.suspended_at) throw new AppError('account_suspended', MESSAGES.accountSuspended);
    const who = await request.existingIdentity();
    await completeSignIn(db, passkey.user_id, who?.kind === 'guest' ? who.guestId : null, 'Signed in with a passkey');
    await reply.startSession({ userId: passkey.user_id, secondFactor: 'passkey' });
    return signedIn(passkey.user_id, 'Login successful');
  });
};
