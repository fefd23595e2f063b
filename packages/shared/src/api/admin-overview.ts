import { z } from 'zod';

/** The operator overview's call (its own constant, beside ADMIN_PATHS). */
export const ADMIN_OVERVIEW_PATH = '/api/admin/overview.php';

/** The windows the overview offers, in days. */
export const OVERVIEW_WINDOWS = [7, 30, 90] as const;
export type OverviewWindow = (typeof OVERVIEW_WINDOWS)[number];

export const adminOverviewQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'], { error: 'must be 7, 30 or 90' })
    .default('30')
    .transform((d) => Number(d) as OverviewWindow),
});
export type AdminOverviewQuery = z.input<typeof adminOverviewQuerySchema>;

const counts = z.record(z.string(), z.number());

/** One UTC day of the overview; maps are keyed by model, plan, currency (lower case) or "provider|kind". */
export const overviewDaySchema = z.object({
  day: z.string(),
  requests: counts,
  credits_charged: z.number(),
  credits_refunded: z.number(),
  signups: z.number(),
  funded_guests: z.number(),
  active_accounts: z.number(),
  /** Live paid subscriptions by plan at the end of the day. */
  subscriptions: counts,
  /** Monthly recurring revenue by currency, in minor units (cents), at the end of the day. */
  mrr: counts,
  /** Invoices paid that day by currency, in minor units. */
  revenue: counts,
  failed_replies: counts,
  /** Of requests and credits_charged, those made through API keys (by model), so chat and API usage show apart. */
  api_requests: counts.optional(),
  api_credits_charged: z.number().optional(),
});
export type OverviewDay = z.infer<typeof overviewDaySchema>;

export const adminOverviewResponseSchema = z.object({
  status: z.literal('success'),
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  series: z.array(overviewDaySchema),
});
export type AdminOverviewResponse = z.infer<typeof adminOverviewResponseSchema>;
