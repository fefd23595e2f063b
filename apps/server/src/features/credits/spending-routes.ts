import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_PATHS, AppError, spendingSettingsSchema } from '@ensemble/shared';
import type { Db } from '../../db/connection.js';
import { recordActivity } from '../auth/account-service.js';
import { saveSpendingSettings, spendingState } from './spending.js';

const SIGN_IN_FIRST = 'Sign in to set a spending budget.';

/** GET and POST /api/user/spending.php: an account's own monthly budget and low-balance warning. */
export const spendingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(AUTH_PATHS.spending, async (request) => {
    const who = await request.existingIdentity();
    if (who?.kind !== 'user') throw new AppError('unauthorized', SIGN_IN_FIRST);
    return { status: 'success' as const, spending: await spendingState(db.kysely, who.userId) };
  });

  app.post(AUTH_PATHS.spending, { schema: { body: spendingSettingsSchema } }, async (request) => {
    const who = await request.existingIdentity();
    if (who?.kind !== 'user') throw new AppError('unauthorized', SIGN_IN_FIRST);
    const s = request.body;
    await db.kysely.transaction().execute(async (trx) => {
      await saveSpendingSettings(trx, who.userId, s);
      const budget = s.monthly_budget === null ? 'no monthly budget' : `a monthly budget of ${s.monthly_budget} credits`;
      await recordActivity(trx, who.userId, 'settings', `Set ${budget}`);
    });
    return { status: 'success' as const, spending: await spendingState(db.kysely, who.userId) };
  });
};
