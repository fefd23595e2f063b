import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { AppError, CONFIG_PATHS } from '@ensemble/shared';
import type { Db } from '../../db/connection.js';

/** GET /api/health: answers only when the database does. */
export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(CONFIG_PATHS.health, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await sql`select 1`.execute(db.kysely);
    } catch {
      throw new AppError('unavailable', 'Database unavailable');
    }
    return { status: 'success', database: db.dialect };
  });
};
