import type { FastifyRequest } from 'fastify';
import { mailLanguage } from '../mail/mail-texts.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_PATHS,
  AppError,
  adminAdjustCreditsSchema,
  adminAuditQuerySchema,
  adminSetDailyCapSchema,
  adminSuspendSchema,
  adminUserActionSchema,
  adminUserQuerySchema,
  adminUsersQuerySchema,
  adminSetFavouritesSchema,
  adminUpdateModelSchema,
} from '@ensemble/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/connection.js';
import { issueResetToken, resetMail } from '../auth/password-reset.js';
import { createBillingSettings } from '../billing/stripe-client.js';
import { createMailer } from '../mail/mailer.js';
import { abuseReport } from './abuse.js';
import { listAudit } from './audit.js';
import { adminOverviewRoutes } from './overview-routes.js';
import { adminKeyRoutes } from './key-routes.js';
import { adminMcpRoutes } from './mcp-routes.js';
import { adminAssistantRoutes } from './assistant-routes.js';
import { adminArenaRoutes } from './arena-routes.js';
import { type Operator, requireOperator } from './operator-guard.js';
import type { Revoke } from '../session/revocation.js';
import { adjustCredits, auditResetMail, cancelAtPeriodEnd, listDailyCaps, setDailyCap, setSuspended } from './user-actions.js';
import { searchUsers, userDetail } from './users-service.js';
import { listAdminModels, setDefaultFavourites, updateModel } from './models-service.js';
import { OUTCOME_WINDOW_MS, providersReport } from './provider-outcomes.js';

const operators = new WeakMap<FastifyRequest, Operator>();

/** The operator a guarded request was admitted as. */
function operatorOf(request: FastifyRequest): Operator {
  const op = operators.get(request);
  if (!op) throw new AppError('forbidden', 'This page is for operators only.');
  return op;
}

async function detailOrThrow(db: Db, userId: number) {
  const user = await userDetail(db.kysely, userId);
  if (!user) throw new AppError('not_found', 'No account with this id');
  return user;
}

/** Every /api/admin/ call: operators only (403 for anyone else, before the input is even read). */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; revoke: Revoke }> = async (app, { ctx, revoke }) => {
  const { db, config } = ctx;
  const mailer = createMailer(config, app.log);
  const billing = createBillingSettings(config);

  // preValidation runs before the schema check: a non-operator learns nothing about the inputs.
  app.addHook('preValidation', async (request) => {
    operators.set(request, await requireOperator(request, db, config.ADMIN_EMAILS));
  });
  await app.register(adminOverviewRoutes, { ctx });

  await app.register(adminKeyRoutes, { ctx, revoke, operatorOf });
  await app.register(adminMcpRoutes, { ctx, operatorOf });
  await app.register(adminAssistantRoutes, { ctx, operatorOf });
  await app.register(adminArenaRoutes, { ctx, operatorOf });

  app.get(ADMIN_PATHS.me, async (request) => ({ status: 'success' as const, operator: operatorOf(request) }));

  app.get(ADMIN_PATHS.users, { schema: { querystring: adminUsersQuerySchema } }, async (request) => ({
    status: 'success' as const,
    ...(await searchUsers(db.kysely, request.query.q, request.query.page)),
  }));

  app.get(ADMIN_PATHS.user, { schema: { querystring: adminUserQuerySchema } }, async (request) => ({
    status: 'success' as const,
    user: await detailOrThrow(db, request.query.id),
  }));

  app.post(ADMIN_PATHS.adjustCredits, { schema: { body: adminAdjustCreditsSchema } }, async (request) => {
    const { user_id, amount, reason } = request.body;
    await adjustCredits(db, operatorOf(request), user_id, amount, reason);
    const message = amount > 0 ? `Granted ${amount} credits` : `Deducted ${-amount} credits`;
    return { status: 'success' as const, message, user: await detailOrThrow(db, user_id) };
  });

  app.post(ADMIN_PATHS.suspend, { schema: { body: adminSuspendSchema } }, async (request) => {
    const { user_id, suspended, reason } = request.body;
    await setSuspended(db, operatorOf(request), user_id, suspended, reason);
    if (suspended) await revoke({ kind: 'account', userId: user_id });
    const message = suspended ? 'Account suspended; its sessions have ended' : 'Suspension lifted';
    return { status: 'success' as const, message, user: await detailOrThrow(db, user_id) };
  });

  app.post(ADMIN_PATHS.sendReset, { schema: { body: adminUserActionSchema } }, async (request) => {
    const { user_id, reason } = request.body;
    const user = await detailOrThrow(db, user_id);
    const issued = await issueResetToken(db, user.email);
    if (!issued) throw new AppError('not_found', 'No account with this id');
    try {
      // In the account's language: the operator's browser says nothing of the user's.
      await mailer.send(resetMail(config.origin, user.email, issued.token, mailLanguage(issued.language)));
    } catch (err) {
      request.log.error({ err }, 'operator password reset mail failed');
      throw new AppError('bad_gateway', 'The mail server did not accept the reset mail. Please try again.');
    }
    await auditResetMail(db, operatorOf(request), user_id, reason);
    return { status: 'success' as const, message: `A password reset link was mailed to ${user.email}`, user };
  });

  app.post(ADMIN_PATHS.cancelSubscription, { schema: { body: adminUserActionSchema } }, async (request) => {
    const { user_id, reason } = request.body;
    await cancelAtPeriodEnd(db, billing.stripe, operatorOf(request), user_id, reason);
    const user = await detailOrThrow(db, user_id);
    const until = user.subscription_end_date ? ` on ${user.subscription_end_date.slice(0, 10)}` : '';
    return { status: 'success' as const, message: `The subscription will end${until}`, user };
  });

  app.get(ADMIN_PATHS.dailyCaps, async () => ({ status: 'success' as const, caps: await listDailyCaps(db) }));

  app.post(ADMIN_PATHS.dailyCaps, { schema: { body: adminSetDailyCapSchema } }, async (request) => {
    const { plan, daily_cap, reason } = request.body;
    await setDailyCap(db, operatorOf(request), plan, daily_cap, reason);
    return { status: 'success' as const, caps: await listDailyCaps(db) };
  });

  app.get(ADMIN_PATHS.abuse, async () => ({
    status: 'success' as const,
    ...(await abuseReport(db.kysely, config.GUESTS_PER_ADDRESS_PER_DAY)),
  }));

  app.get(ADMIN_PATHS.models, async () => ({ status: 'success' as const, ...(await listAdminModels(ctx.catalogue)) }));

  app.post(ADMIN_PATHS.models, { schema: { body: adminUpdateModelSchema } }, async (request) => {
    await updateModel(db, ctx.catalogue, operatorOf(request), request.body);
    return { status: 'success' as const, ...(await listAdminModels(ctx.catalogue)) };
  });

  app.post(ADMIN_PATHS.defaultFavourites, { schema: { body: adminSetFavouritesSchema } }, async (request) => {
    await setDefaultFavourites(db, ctx.catalogue, operatorOf(request), request.body);
    return { status: 'success' as const, ...(await listAdminModels(ctx.catalogue)) };
  });

  app.get(ADMIN_PATHS.providers, async () => ({
    status: 'success' as const,
    window_minutes: OUTCOME_WINDOW_MS / 60_000,
    providers: await providersReport(db.kysely, ctx.catalogue),
  }));

  app.get(ADMIN_PATHS.audit, { schema: { querystring: adminAuditQuerySchema } }, async (request) => ({
    status: 'success' as const,
    ...(await listAudit(db.kysely, request.query.page)),
  }));
};
