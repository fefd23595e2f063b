import { ADMIN_ARENA_PATHS, type AdminActionResponse, AppError, adminArenaExcludeSchema } from '@ensemble/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { setArenaExcluded } from '../arena/exclusion.js';
import type { Operator } from './operator-guard.js';
import { userDetail } from './users-service.js';

/** Operators: leave an account's arena votes out of the ranking, or let them back in (audited). */
export const adminArenaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; operatorOf: (r: FastifyRequest) => Operator }> = async (
  app,
  { ctx, operatorOf },
) => {
  app.post(ADMIN_ARENA_PATHS.exclude, { schema: { body: adminArenaExcludeSchema } }, async (request): Promise<AdminActionResponse> => {
    const { user_id, excluded, reason } = request.body;
    await setArenaExcluded(ctx.db, operatorOf(request), user_id, excluded, reason);
    const user = await userDetail(ctx.db.kysely, user_id);
    if (!user) throw new AppError('not_found', 'No account with this id');
    const message = excluded
      ? `The arena votes of ${user.email} are left out of the ranking from the next recompute`
      : `The arena votes of ${user.email} count again from the next recompute`;
    return { status: 'success', message, user };
  });
};
