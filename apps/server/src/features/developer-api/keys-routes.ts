import {
  AppError,
  KEY_PATHS,
  type CreateKeyResponse,
  type ListKeysResponse,
  type RevokeKeyResponse,
  createKeyRequestSchema,
  revokeKeyRequestSchema,
} from '@ensemble/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import type { Revoke } from '../session/revocation.js';
import { createApiKey, listApiKeys, revokeApiKey } from './keys-service.js';

/** The signed-in account; guests (and callers without a session) cannot hold keys. */
async function accountOf(request: FastifyRequest): Promise<number> {
  const who = await request.existingIdentity();
  if (!who) throw new AppError('unauthorized', 'Sign in to manage API keys.');
  if (who.kind !== 'user') throw new AppError('forbidden', 'Sign up to create API keys.');
  return who.userId;
}

/** An account's own API keys: create (shown once), list, revoke (cuts its running requests on every instance). */
export const keyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; revoke: Revoke }> = async (app, { ctx, revoke }) => {
  app.post(KEY_PATHS.create, { schema: { body: createKeyRequestSchema } }, async (request): Promise<CreateKeyResponse> => {
    const userId = await accountOf(request);
    const made = await createApiKey(ctx.db, userId, request.body);
    return { status: 'success', ...made };
  });

  app.get(KEY_PATHS.list, async (request): Promise<ListKeysResponse> => {
    const userId = await accountOf(request);
    return { status: 'success', keys: await listApiKeys(ctx.db.kysely, userId) };
  });

  app.post(KEY_PATHS.revoke, { schema: { body: revokeKeyRequestSchema } }, async (request): Promise<RevokeKeyResponse> => {
    const userId = await accountOf(request);
    const revoked = await revokeApiKey(ctx.db.kysely, request.body.id, userId);
    if (revoked) await revoke({ kind: 'apiKey', keyId: request.body.id });
    return { status: 'success', revoked: revoked !== null };
  });
};
