import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailLanguage } from '../mail/mail-texts.js';
import { z } from 'zod';
import { AUTH_PATHS, AppError, text } from '@ensemble/shared';
import type { AppContext } from '../../app-context.js';
import { type RateLimiter, refuseTooMany } from '../../plugins/rate-limit.js';
import type { Mailer } from '../mail/mailer.js';
import { completeVerification, issueVerificationToken, verificationMail, verifiedLanding } from './email-verification.js';

const HOUR_MS = 3600 * 1000;
const RESEND_PER_ACCOUNT_PER_HOUR = 3;

/** GET verify_email.php (follow a mailed link) and POST send_verification.php (mail a new one). */
export const verifyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; limiter: RateLimiter; mailer: Mailer }> = async (
  app,
  { ctx, limiter, mailer },
) => {
  const { db, config } = ctx;

  // A link opened from a mail: it lands on Settings, which says whether it worked.
  app.get(AUTH_PATHS.verifyEmail, { schema: { querystring: z.object({ token: text().max(200).default('') }) } }, async (request, reply) => {
    const ok = request.query.token ? await completeVerification(db, request.query.token) : false;
    // A redirect for the browser, with a JSON body like every other /api answer.
    return reply
      .code(303)
      .header('location', verifiedLanding(ok))
      .send(
        ok
          ? { status: 'success', message: 'Your e-mail address is confirmed.' }
          : { status: 'error', message: 'This confirmation link is invalid or has expired.' },
      );
  });

  app.post(AUTH_PATHS.sendVerification, async (request, reply) => {
    const who = await request.existingIdentity();
    if (who?.kind !== 'user') throw new AppError('unauthorized', 'Sign in to confirm your e-mail address.');
    const gate = await limiter.hit(`verify:acct:${who.userId}`, RESEND_PER_ACCOUNT_PER_HOUR, HOUR_MS);
    if (!gate.allowed) refuseTooMany(reply, gate.retryAfterMs);
    const issued = await issueVerificationToken(db, who.userId);
    if (!issued) return { status: 'success' as const, message: 'Your e-mail address is already confirmed.' };
    await mailer.send(
      verificationMail(config.origin, issued.email, issued.token, mailLanguage(issued.language, request.headers['accept-language'])),
    );
    return { status: 'success' as const, message: `We sent a confirmation link to ${issued.email}.` };
  });
};
