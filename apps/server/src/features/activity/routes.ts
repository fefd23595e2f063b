import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACTIVITY_PATHS, listActivityResponseSchema, okSchema, recordActivityRequestSchema } from '@ensemble/shared';
import type { Db } from '../../db/connection.js';
import { assertUserIdClaim } from '../session/ownership.js';
import { listRecentActivity, monthUsage, recordActivity } from './service.js';

/** activity_handler.php: POST records an entry for the caller, GET lists the caller's 20 most recent. */
export const activityRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(ACTIVITY_PATHS.handler, { schema: { body: recordActivityRequestSchema, response: { 200: okSchema } } }, async (request) => {
    const who = await request.identity();
    assertUserIdClaim(who, request.body.user_id);
    await recordActivity(db.kysely, who, request.body.activity_type, request.body.description);
    return { status: 'success' as const, message: 'Activity recorded' };
  });

  app.get(ACTIVITY_PATHS.handler, { schema: { response: { 200: listActivityResponseSchema } } }, async (request, reply) => {
    const who = await request.identity();
    reply.header('Cache-Control', 'no-store');
    const usage = who.kind === 'user' ? { usage: await monthUsage(db.kysely, who.userId) } : {};
    return { status: 'success' as const, activity: await listRecentActivity(db.kysely, who), ...usage };
  });
};
