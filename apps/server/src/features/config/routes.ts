import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONFIG_PATHS, PLANS, type AppConfig as PublicAppConfig, type FrontendConfig, type Tier } from '@ensemble/shared';
import type { AppConfig } from '../../config.js';

/** The plan cards every client shows, from the shared constants. */
export function subscriptionTiers(): PublicAppConfig['subscriptionTiers'] {
  const tier = (id: Tier) => ({ id, ...PLANS[id] });
  return { free: tier('free'), pro: tier('pro'), premium: tier('premium') };
}

/** Whether this server can take payments (all Stripe settings present). */
export function paymentsEnabled(config: AppConfig): boolean {
  return Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY && config.STRIPE_PRICE_PRO && config.STRIPE_PRICE_PREMIUM);
}

/** Front-end and payment configuration calls. */
export const configRoutes: FastifyPluginAsyncZod<{ config: AppConfig; demoMode: () => boolean }> = async (app, { config, demoMode }) => {
  app.get(
    CONFIG_PATHS.frontend,
    async (): Promise<FrontendConfig> => ({
      google_client_id: config.GOOGLE_CLIENT_ID ?? '',
      demo_mode: demoMode(),
      payments_enabled: paymentsEnabled(config),
      max_tool_steps: config.MAX_TOOL_STEPS,
    }),
  );

  app.get(
    CONFIG_PATHS.config,
    async (): Promise<PublicAppConfig> => ({
      status: 'success',
      publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? '',
      subscriptionTiers: subscriptionTiers(),
      priceIds: { pro: config.STRIPE_PRICE_PRO ?? '', premium: config.STRIPE_PRICE_PREMIUM ?? '' },
      paymentsEnabled: paymentsEnabled(config),
    }),
  );
};
