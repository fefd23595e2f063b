import { ADMIN_KEY_PATHS, AppError, type AdminKeysResponse, adminKeysQuerySchema, adminRevokeKeyRequestSchema } from '@ensemble/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { listKeysForOperator, revokeApiKey } from '../developer-api/keys-service.js';
import type { Revoke } from '../session/revocation.js';
import { writeAudit } from './audit.js';
import type { Operator } from './operator-guard.js';

/** Operators: one account's API keys, and revoking any of them (recorded in the audit log; cut on every instance). */
export const adminKeyRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  revoke: Revoke;
  operatorOf: (r: FastifyRequest) => Operator;
}> = async (app, { ctx, revoke, operatorOf }) => {
  const db = ctx.db.kysely;
  app.get(ADMIN_KEY_PATHS.list, { schema: { querystring: adminKeysQuerySchema } }, async (request): Promise<AdminKeysResponse> => {
    const user = await db.selectFrom('users').select('id').where('id', '=', request.query.user_id).executeTakeFirst();
    if (!user) throw new AppError('not_found', 'No account with this id');
    return { status: 'success', keys: await listKeysForOperator(db, user.id) };
  });

  app.post(ADMIN_KEY_PATHS.revoke, { schema: { body: adminRevokeKeyRequestSchema } }, async (request) => {
    const operator = operatorOf(request);
    const { id, reason } = request.body;
    const revoked = await db.transaction().execute(async (trx) => {
      const done = await revokeApiKey(trx, id, null);
      if (done) {
        await writeAudit(trx, operator, {
          action: 'revoke_api_key',
          target: `user:${done.userId}`,
          reason,
          before: { key_id: id, name: done.name, revoked: false },
          after: { key_id: id, revoked: true },
        });
      }
      return done;
    });
    if (revoked) await revoke({ kind: 'apiKey', keyId: id });
    return { status: 'success' as const, revoked: revoked !== null };
  });
};
