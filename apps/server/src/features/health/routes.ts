import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import type { FastifyPluginAsync } from 'fastify';
import { AppError, CONFIG_PATHS } from '@ensemble/shared';
import type { AppContext } from '../../app-context.js';
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
    if (draining()) return reply.code(503).header('Retry-After', '5').send({ status: 'draining', database: db.dialect });
    return { status: 'success', database: db.dialect };
  });
};

/** A dependency's state in /api/ready. */
export type DependencyState = 'ok' | 'unreachable' | 'not_configured';

/** How long each dependency has to answer before it counts as unreachable. */
const PROBE_MS = 2000;

async function probe(check: () => Promise<unknown>): Promise<DependencyState> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<DependencyState>((resolve) => {
    timer = setTimeout(() => resolve('unreachable'), PROBE_MS);
  });
  try {
    return await Promise.race([check().then((): DependencyState => 'ok'), late]);
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/ready (issue 44): whether this instance should be sent work, and the state of each dependency: the
 * database, Redis (when REDIS_URL is set) and the file store (DATA_DIR writable, or the S3 bucket answering). 503 with
 * Retry-After while the database is unreachable or the instance drains; a Redis or storage outage is reported, not
 * refused, since every instance shares it. /api/health stays the liveness check.
 */
export const readyRoutes: FastifyPluginAsync<{ ctx: AppContext; draining: () => boolean }> = async (app, { ctx, draining }) => {
  app.get(CONFIG_PATHS.ready, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { db, redis, storage, config } = ctx;
    const [database, cache, files] = await Promise.all([
      probe(() => db.ping()),
      redis ? probe(() => redis.ping()) : Promise.resolve<DependencyState>('not_configured'),
      probe(() => (storage.kind === 'local' ? access(config.DATA_DIR, constants.W_OK) : storage.size('ready/probe'))),
    ]);
    const checks = { database, redis: cache, storage: files };
    if (draining()) return reply.code(503).header('Retry-After', '5').send({ status: 'draining', checks });
    if (database !== 'ok') return reply.code(503).header('Retry-After', '5').send({ status: 'unavailable', checks });
    return { status: 'ready', checks };
  });
};
