import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/connection.js';
import { settleExpiredPlan } from '../features/billing/service.js';
import { AppError } from '@ensemble/shared';
import { revocationError } from '../features/session/revocation.js';
import {
  type Identity,
  type Revoked,
  type SessionOwner,
  createGuest,
  createSession,
  deleteSession,
  findIdentity,
  hashSessionId,
  replaceSession,
} from '../features/session/service.js';

export const SESSION_COOKIE = 'ensemble_sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's identity; a guest identity (and its cookie) is made on first contact. */
    identity(): Promise<Identity>;
    /**
     * The caller's identity if the cookie names a live session; never creates one. A session revoked
     * since the last request is refused with its reason (e.g. 403 "This account is suspended").
     */
    existingIdentity(): Promise<Identity | null>;
  }
  interface FastifyReply {
    /** Starts a new session for the given owner, replacing the caller's (a fresh id at every sign-in). */
    startSession(owner: SessionOwner): Promise<Identity>;
    /** Ends the caller's session and clears the cookie. */
    endSession(): Promise<void>;
  }
}

/** Session cookie to identity, for every request; guests are made lazily. */
export const identityPlugin = fp(async (app: FastifyInstance, opts: { db: Db; config: AppConfig }) => {
  const { db, config } = opts;
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.secureCookies,
    maxAge: 30 * 24 * 3600,
  };
  const memo = new WeakMap<FastifyRequest, Promise<Identity | 'replaced' | Revoked | null>>();

  function lookup(request: FastifyRequest): Promise<Identity | 'replaced' | Revoked | null> {
    let p = memo.get(request);
    if (!p) {
      const raw = request.cookies[SESSION_COOKIE];
      p =
        raw && raw.length <= 128
          ? findIdentity(db, hashSessionId(config.SESSION_SECRET, raw)).then(async ({ identity, planEnded }) => {
              // A cancelled plan whose period has ended becomes free before anything reads the account.
              if (planEnded && identity && identity !== 'replaced' && 'kind' in identity && identity.kind === 'user')
                await settleExpiredPlan(db, identity.userId);
              return identity;
            })
          : Promise.resolve(null);
      memo.set(request, p);
    }
    return p;
  }

  /** The live session's identity; a replaced or revoked one counts as none (sign-in, sign-out). */
  async function current(request: FastifyRequest): Promise<Identity | null> {
    const found = await lookup(request);
    return found === 'replaced' || (found && 'revoked' in found) ? null : found;
  }

  /** As current, but a revoked session is refused with its reason (told once: its row is gone now). */
  async function existing(request: FastifyRequest, reply: FastifyReply): Promise<Identity | null> {
    const found = await lookup(request);
    if (found && found !== 'replaced' && 'revoked' in found) {
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      throw revocationError(found.revoked);
    }
    return found === 'replaced' ? null : found;
  }

  async function start(request: FastifyRequest, reply: FastifyReply, owner: SessionOwner): Promise<Identity> {
    const previous = await current(request);
    if (previous && !(owner.guestId && previous.guestId === owner.guestId)) await replaceSession(db, previous.sessionHash);
    const s = await createSession(db, config.SESSION_SECRET, owner, { userAgent: request.headers['user-agent'], address: request.ip });
    reply.setCookie(SESSION_COOKIE, s.id, cookieOptions);
    const identity: Identity = owner.userId
      ? { kind: 'user', userId: owner.userId, guestId: null, sessionHash: s.hash }
      : { kind: 'guest', guestId: owner.guestId as number, userId: null, sessionHash: s.hash };
    memo.set(request, Promise.resolve(identity));
    return identity;
  }

  app.decorateRequest('identity', function (this: FastifyRequest) {
    throw new Error('identity() used before the hook ran');
  });
  app.decorateRequest('existingIdentity', function (this: FastifyRequest) {
    throw new Error('existingIdentity() used before the hook ran');
  });
  app.decorateReply('startSession', () => {
    throw new Error('startSession() used before the hook ran');
  });
  app.decorateReply('endSession', async function (this: FastifyReply) {
    const live = await current(this.request);
    if (live) await deleteSession(db, live.sessionHash);
    memo.set(this.request, Promise.resolve(null));
    this.clearCookie(SESSION_COOKIE, { path: '/' });
  });

  app.addHook('onRequest', async (request, reply) => {
    let made: Promise<Identity> | undefined;
    request.identity = () => {
      made ??= lookup(request).then(async (found) => {
        if (found === 'replaced') throw new AppError('unauthorized', 'Your session was replaced by a new sign-in. Please try again.');
        // A revoked session is told why (once) rather than quietly made a guest.
        const live = await existing(request, reply);
        if (live) return live;
        const guestId = await createGuest(db, request.ip, config.GUESTS_PER_ADDRESS_PER_DAY);
        return start(request, reply, { guestId });
      });
      return made;
    };
    request.existingIdentity = () => existing(request, reply);
    reply.startSession = (owner) => {
      made = start(request, reply, owner);
      return made;
    };
  });
});
