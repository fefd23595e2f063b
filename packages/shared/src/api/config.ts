import { z } from 'zod';
import { tierSchema } from './auth.js';

export const frontendConfigSchema = z.object({
  google_client_id: z.string(),
  demo_mode: z.boolean().optional(),
  payments_enabled: z.boolean().optional(),
  /** The most model steps a reply with tools may take (issue 40), each charged the row's cost. */
  max_tool_steps: z.number().optional(),
});
export type FrontendConfig = z.infer<typeof frontendConfigSchema>;

export const subscriptionTierSchema = z.object({
  id: tierSchema,
  name: z.string(),
  price: z.number(),
  listPrice: z.number().nullable(),
  credits: z.number(),
  features: z.array(z.string()),
});
export type SubscriptionTier = z.infer<typeof subscriptionTierSchema>;

export const appConfigSchema = z.object({
  status: z.literal('success'),
  publishableKey: z.string(),
  subscriptionTiers: z.object({ free: subscriptionTierSchema, pro: subscriptionTierSchema, premium: subscriptionTierSchema }),
  priceIds: z.object({ pro: z.string(), premium: z.string() }),
  paymentsEnabled: z.boolean(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
