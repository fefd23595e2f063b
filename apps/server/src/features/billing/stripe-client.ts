import Stripe from 'stripe';
import type { Tier } from '@ensemble/shared';
import type { AppConfig } from '../../config.js';

/** The Stripe settings billing needs; null members mean payments are off. */
export interface BillingSettings {
  stripe: Stripe | null;
  webhookSecret: string | null;
  publishableKey: string | null;
  prices: { pro: string | null; premium: string | null };
}

/** SDK connection options for STRIPE_API_BASE (a local fake in tests, a proxy in odd deployments). */
export function apiBaseOptions(base: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** Builds the Stripe client once from config; no client when the secret key is missing. */
export function createBillingSettings(config: AppConfig): BillingSettings {
  const stripe = config.STRIPE_SECRET_KEY
    ? new Stripe(config.STRIPE_SECRET_KEY, {
        ...apiBaseOptions(config.STRIPE_API_BASE),
        maxNetworkRetries: 2,
        timeout: 20_000,
        telemetry: false,
        appInfo: { name: 'Ensemble' },
      })
    : null;
  return {
    stripe,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? null,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
    prices: { pro: config.STRIPE_PRICE_PRO ?? null, premium: config.STRIPE_PRICE_PREMIUM ?? null },
  };
}

/** Whether checkout can run: the same four settings get_config's paymentsEnabled asks for. */
export function checkoutEnabled(s: BillingSettings): s is BillingSettings & { stripe: Stripe } {
  return Boolean(s.stripe && s.publishableKey && s.prices.pro && s.prices.premium);
}

/** The paid tier a Stripe price id stands for, or null for a price that is not ours. */
export function tierForPrice(s: BillingSettings, priceId: string | null | undefined): Exclude<Tier, 'free'> | null {
  if (!priceId) return null;
  if (priceId === s.prices.pro) return 'pro';
  if (priceId === s.prices.premium) return 'premium';
  return null;
}
