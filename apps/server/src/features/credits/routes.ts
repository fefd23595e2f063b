import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CREDITS_PATHS, checkCreditsRequestSchema } from '@ensemble/shared';
import type { Db } from '../../db/connection.js';
import { spendingState } from './spending.js';
import { creditsInfo, exhaustedText, getBalance, insufficientText, isUnfundedGuest } from './service.js';

/** POST check_credits.php: the caller's balance, and whether it covers required_credits. */
export const creditsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    CREDITS_PATHS.check,
    { schema: { body: checkCreditsRequestSchema.optional().default({ required_credits: 0 }) } },
    async (request) => {
      const who = await request.identity();
      const balance = await getBalance(db.kysely, who);
      const need = request.body.required_credits;
      const info = creditsInfo(balance);
      // Accounts also get their guardrails, so the meter can show the budget.
      const spending = who.kind === 'user' ? { spending: await spendingState(db.kysely, who.userId) } : {};
      const unfunded = who.kind === 'guest' && balance.remaining === 0 && (await isUnfundedGuest(db.kysely, who.guestId));
      const extra = { ...(unfunded ? { guest_unfunded: true } : {}), ...spending };
      if (need > 0 && need > balance.remaining) {
        const message = balance.remaining <= 0 ? exhaustedText(who.kind) : insufficientText(who.kind, need, balance.remaining);
        return {
          status: 'credits_exhausted' as const,
          message,
          credits_info: { ...info, status: 'credits_exhausted' as const },
          plan: balance.plan,
          ...extra,
        };
      }
      return { status: 'success' as const, credits_info: info, plan: balance.plan, ...extra };
    },
  );
};
