import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { AppError, MESSAGES, SUBSCRIPTION_PATHS, text } from '@ensemble/shared';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { createCheckout } from './checkout.js';
import { cancelReplacedSubscription } from './plan-from-stripe.js';
import { checkoutEnabled, createBillingSettings } from './stripe-client.js';
import { verifyCheckoutSession } from './verify.js';
import { handleStripeEvent } from './webhook.js';

// Looser than the shared request schemas on purpose: a missing price or session id gets the
// spec's own text ("Error: Invalid subscription tier", "No session ID provided").
const checkoutBody = z.object({ priceId: text().max(200).optional() });
const verifyBody = z.object({ session_id: text().max(300).optional() });

const BAD_SIGNATURE = 'Invalid webhook signature';

/** Subscriptions: Stripe Checkout, its verification on the success page, and the Stripe webhook. */
export const billingRoutes: FastifyPluginAsyncZod<{ config: AppConfig; db: Db }> = async (app, { config, db }) => {
  const settings = createBillingSettings(config);

  async function signedInUser(request: FastifyRequest): Promise<number> {
    const who = await request.existingIdentity();
    if (who?.kind !== 'user') throw new AppError('unauthorized', 'Please sign in to manage your subscription.');
    return who.userId;
  }

  function configured() {
    if (!checkoutEnabled(settings)) throw new AppError('unavailable', MESSAGES.paymentsNotConfigured);
    return settings;
  }

  app.post(SUBSCRIPTION_PATHS.checkout, { schema: { body: checkoutBody } }, async (request) => {
    const userId = await signedInUser(request);
    const s = configured();
    return logStripeFailure(request.log, () => createCheckout(db, s, config.origin, userId, request.body.priceId?.trim() ?? ''));
  });

  app.post(SUBSCRIPTION_PATHS.verify, { schema: { body: verifyBody } }, async (request) => {
    const userId = await signedInUser(request);
    const sessionId = request.body.session_id?.trim() ?? '';
    if (!sessionId) throw new AppError('bad_request', MESSAGES.noSessionId);
    const s = configured();
    const { replacedSubscriptionId, ...answer } = await logStripeFailure(request.log, () =>
      verifyCheckoutSession(db, s, userId, sessionId),
    );
    if (replacedSubscriptionId) await stopReplaced(s.stripe, replacedSubscriptionId, request.log);
    return answer;
  });

  // The webhook needs the exact bytes Stripe signed, so this child context parses JSON as a Buffer.
  await app.register(async (hook) => {
    hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    hook.post(SUBSCRIPTION_PATHS.webhook, async (request) => {
      // Only the secret key and the signing secret are needed to receive events; the publishable key
      // and prices are checkout's business.
      const { stripe, webhookSecret } = settings;
      if (!stripe || !webhookSecret) throw new AppError('unavailable', MESSAGES.paymentsNotConfigured);
      const s = { ...settings, stripe };
      const signature = request.headers['stripe-signature'];
      if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') throw new AppError('bad_request', BAD_SIGNATURE);
      let event: Stripe.Event;
      try {
        event = s.stripe.webhooks.constructEvent(request.body, signature, webhookSecret);
      } catch {
        throw new AppError('bad_request', BAD_SIGNATURE);
      }
      const outcome = await handleStripeEvent(db, s, event);
      if (outcome.replacedSubscriptionId) await stopReplaced(s.stripe, outcome.replacedSubscriptionId, request.log);
      return { received: true };
    });
  });
};

async function logStripeFailure<T>(log: FastifyBaseLogger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError && err.status >= 500 && err.cause) log.warn({ err: err.cause }, `stripe call failed: ${err.message}`);
    throw err;
  }
}

// A failure here must not fail the caller's request: the new plan is already applied.
async function stopReplaced(stripe: Stripe, subscriptionId: string, log: FastifyBaseLogger): Promise<void> {
  try {
    await cancelReplacedSubscription(stripe, subscriptionId);
  } catch (err) {
    log.error({ err, subscriptionId }, 'could not cancel a replaced subscription at Stripe');
  }
}
