import {
  AppError,
  SESSION_PATHS,
  type SessionListResponse,
  type SignOutOthersResponse,
  signOutSessionRequestSchema,
} from '@ensemble/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { listDevices, signOutDevices } from './devices.js';
import type { Revoke } from './revocation.js';
import type { Identity } from './service.js';

/** The signed-in account; a guest has one session and nothing to manage. */
async function accountOf(request: FastifyRequest): Promise<Extract<Identity, { kind: 'user' }>> {
  const who = await request.existingIdentity();
  if (!who) throw new AppError('unauthorized', 'Sign in to see your signed-in devices.');
  if (who.kind !== 'user' || who.apiKeyId)
    throw new AppError('forbidden', 'Only an account signed in on this device can manage its devices.');
  return who;
}

/** Signed-in devices (issue 44): list, sign out one, sign out all the others; at once on every instance. */
export const deviceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; revoke: Revoke }> = async (app, { ctx, revoke }) => {
  const cut = async (hashes: string[]) => {
    for (const hash of hashes) await revoke({ kind: 'session', hash });
  };

  app.get(SESSION_PATHS.list, async (request, reply): Promise<SessionListResponse> => {
    const who = await accountOf(request);
    reply.header('Cache-Control', 'no-store');
    return { status: 'success', sessions: await listDevices(ctx.db, who.userId, who.sessionHash) };
  });

  app.post(SESSION_PATHS.signOut, { schema: { body: signOutSessionRequestSchema } }, async (request) => {
    const who = await accountOf(request);
    await cut(await signOutDevices(ctx.db, who.userId, who.sessionHash, { id: request.body.id }));
    return { status: 'success' as const };
  });

  app.post(SESSION_PATHS.signOutOthers, async (request): Promise<SignOutOthersResponse> => {
    const who = await accountOf(request);
    const hashes = await signOutDevices(ctx.db, who.userId, who.sessionHash, 'others');
    await cut(hashes);
    return { status: 'success', signed_out: hashes.length };
  });
};
