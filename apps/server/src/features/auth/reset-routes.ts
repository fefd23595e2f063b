import type { FastifyRequest } from 'fastify';
import { mailLanguage } from '../mail/mail-texts.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_PATHS, AppError, MESSAGES, resetPasswordRequestSchema, updatePasswordRequestSchema } from '@ensemble/shared';
import type { AppContext } from '../../app-context.js';
import { type RateLimiter, refuseTooMany } from '../../plugins/rate-limit.js';
import type { Mailer } from '../mail/mailer.js';
import { hashPassword, passwordProblem } from './passwords.js';
import { INVALID_RESET_LINK, completeReset, issueResetToken, resetMail, resetTokenOwner } from './password-reset.js';

const HOUR_MS = 3600 * 1000;
const RESET_PER_ADDRESS_PER_HOUR = 5;
const RESET_PER_EMAIL_PER_HOUR = 3;

/** POST reset-password.php (mail a reset link) and update-password.php (spend it). */
export const resetRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; limiter: RateLimiter; mailer: Mailer }> = async (
  app,
  { ctx, limiter, mailer },
) => {
  const { db, config } = ctx;

  // Addresses whose reset goes ahead once the answer has been sent (see onResponse below).
  const pending = new WeakMap<FastifyRequest, string>();

  app.post(
    AUTH_PATHS.resetPassword,
    {
      schema: { body: resetPasswordRequestSchema },
      // After the answer: the lookup, the token and the mail. Before it, known and unknown addresses
      // do exactly the same work (two counter hits), so neither timing nor answer tells them apart.
      onResponse: async (request) => {
        const email = pending.get(request);
        if (!email) return;
        try {
          const issued = await issueResetToken(db, email);
          if (issued)
            await mailer.send(
              resetMail(config.origin, email, issued.token, mailLanguage(issued.language, request.headers['accept-language'])),
            );
        } catch (err) {
          request.log.error({ err }, 'password reset mail failed');
        }
      },
    },
    async (request, reply) => {
      const gate = await limiter.hit(`reset:addr:${request.ip}`, RESET_PER_ADDRESS_PER_HOUR, HOUR_MS);
      if (!gate.allowed) refuseTooMany(reply, gate.retryAfterMs);
      const { email } = request.body;
      // Past the per-address limit the answer stays the same, so it cannot tell whether an address is known.
      const perEmail = await limiter.hit(`reset:email:${email}`, RESET_PER_EMAIL_PER_HOUR, HOUR_MS);
      if (perEmail.allowed) pending.set(request, email);
      return { status: 'success' as const, message: MESSAGES.resetSent };
    },
  );

  app.post(AUTH_PATHS.updatePassword, { schema: { body: updatePasswordRequestSchema } }, async (request) => {
    const { token, password } = request.body;
    const owner = await resetTokenOwner(db, token);
    if (!owner) throw new AppError('bad_request', INVALID_RESET_LINK);
    const problem = passwordProblem(password, [owner.email, owner.username]);
    if (problem) throw new AppError('bad_request', problem, { field: 'password' });
    await completeReset(db, token, await hashPassword(password));
    return { status: 'success' as const, message: 'Your password has been reset. You can now sign in with your new password.' };
  });
};
