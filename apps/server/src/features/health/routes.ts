import type { FastifyPluginAsync } from 'fastify';
import { AppError, CONFIG_PATHS } from '@ensemble/shared';
import type { Db } from '../../db/connection.js';

/**
 * GET /api/health: answers only when the database does (asked on a connection of its own on
 * PostgreSQL, so a busy pool does not make a healthy instance look down). While the instance drains (after
 * SIGTERM) it answers 503 `draining`, so load balancers send new work elsewhere.
 */
export const healthRoutes: FastifyPluginAsync<{ db: Db; draining: () => boolean }> = async (app, { db, draining }) => {
  app.get(CONFIG_PATHS.health, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await db.ping();
    } catch {
      throw new AppError('unavailable', 'Database unavailable');
    }
    if (draining()) return reply.code(503).send({ status: 'draining', database: db.dialect });
    return { status: 'success', database: db.dialect };
  });
};
