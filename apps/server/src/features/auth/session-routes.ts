import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_PATHS } from '@ensemble/shared';
import type { Db } from '../../db/connection.js';
import { findUserView } from './user-view.js';

/** GET check_session.php: 401 "unauthorized" for a guest (whose identity it makes), the user when signed in. */
export const sessionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(AUTH_PATHS.checkSession, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const who = await request.identity();
    if (who.kind === 'user') {
      const user = await findUserView(db.kysely, who.userId);
      if (user) return { status: 'success' as const, user };
    }
    return reply.code(401).send({ status: 'unauthorized', message: 'Not signed in', user: null });
  });
};
