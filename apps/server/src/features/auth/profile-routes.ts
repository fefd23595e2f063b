import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_PATHS, AppError, languageRequestSchema, type UserStatsResponse } from '@ensemble/shared';
import type { Db } from '../../db/connection.js';
import { userStats } from './account-service.js';
import { findUserView } from './user-view.js';

const NOT_SIGNED_IN = 'Please sign in to continue';

/**
 * GET user_handler.php (profile figures) and refresh_user.php (the user), POST language.php (the account's language):
 * signed-in callers only.
 */
export const profileRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  async function signedInUser(request: { existingIdentity(): Promise<{ kind: string; userId: number | null } | null> }): Promise<number> {
    const who = await request.existingIdentity();
    if (who?.kind !== 'user' || who.userId == null) throw new AppError('unauthorized', NOT_SIGNED_IN);
    return who.userId;
  }

  app.get(AUTH_PATHS.userHandler, async (request, reply): Promise<UserStatsResponse> => {
    reply.header('Cache-Control', 'no-store');
    const userId = await signedInUser(request);
    const user = await findUserView(db.kysely, userId);
    if (!user) throw new AppError('unauthorized', NOT_SIGNED_IN);
    return { status: 'success', stats: await userStats(db.kysely, userId), user };
  });

  app.get(AUTH_PATHS.refreshUser, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const user = await findUserView(db.kysely, await signedInUser(request));
    if (!user) throw new AppError('unauthorized', NOT_SIGNED_IN);
    return { status: 'success' as const, user };
  });

  app.post(AUTH_PATHS.language, { schema: { body: languageRequestSchema } }, async (request) => {
    const userId = await signedInUser(request);
    const { language } = request.body;
    await db.kysely.updateTable('users').set({ language }).where('id', '=', userId).execute();
    return { status: 'success' as const, language };
  });
};
