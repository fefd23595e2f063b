import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/connection.js';
import { settleExpiredPlan } from '../features/billing/service.js';
import { AppError } from '@ensemble/shared';
import {
  type Identity,
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
    /** The caller's identity if the cookie names a live session; never creates one. */
    existingIdentity(): Promise<Identity | null>;
  }
  interface FastifyReply {
    /** Starts a new session for the given owner, replacing the caller's (a fresh id at every sign-in). */
    startSession(owner: { userId?: number; guestId?: number }): Promise<Identity>;
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
  const memo = new WeakMap<FastifyRequest, Promise<Identity | 'replaced' | null>>();

  function lookup(request: FastifyRequest): Promise<Identity | 'replaced' | null> {
    let p = memo.get(request);
    if (!p) {
      const raw = request.cookies[SESSION_COOKIE];
      p =
        raw && raw.length <= 128
          ? findIdentity(db, hashSessionId(config.SESSION_SECRET, raw)).then(async ({ identity, planEnded }) => {
              // A cancelled plan whose period has ended becomes free before anything reads the account.
              if (planEnded && identity && identity !== 'replaced' && identity.kind === 'user')
                await settleExpiredPlan(db, identity.userId);
              return identity;
            })
          : Promise.resolve(null);
      memo.set(request, p);
    }
    return p;
  }

  async function existing(request: FastifyRequest): Promise<Identity | null> {
    const found = await lookup(request);
    return found === 'replaced' ? null : found;
  }

  async function start(request: FastifyRequest, reply: FastifyReply, owner: { userId?: number; guestId?: number }): Promise<Identity> {
    const previous = await existing(request);
    if (previous && !(owner.guestId && previous.guestId === owner.guestId)) await replaceSession(db, previous.sessionHash);
    const s = await createSession(db, config.SESSION_SECRET, owner);
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
    return existing(this);
  });
  app.decorateReply('startSession', () => {
    throw new Error('startSession() used before the hook ran');
  });
  app.decorateReply('endSession', async function (this: FastifyReply) {
    const current = await existing(this.request);
    if (current) await deleteSession(db, current.sessionHash);
    memo.set(this.request, Promise.resolve(null));
    this.clearCookie(SESSION_COOKIE, { path: '/' });
  });

  app.addHook('onRequest', async (request, reply) => {
    let made: Promise<Identity> | undefined;
    request.identity = () => {
      made ??= lookup(request).then(async (found) => {
        if (found === 'replaced') throw new AppError('unauthorized', 'Your session was replaced by a new sign-in. Please try again.');
        if (found) return found;
        const guestId = await createGuest(db, request.ip, config.GUESTS_PER_ADDRESS_PER_DAY);
        return start(request, reply, { guestId });
      });
      return made;
    };
    reply.startSession = (owner) => {
      made = start(request, reply, owner);
      return made;
    };
  });
});
