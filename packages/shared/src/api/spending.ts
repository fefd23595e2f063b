import { z } from 'zod';

/** The most a budget, threshold or cap may be (well above any plan's allowance). */
export const SPENDING_MAX = 1_000_000;

const amount = z.number().int().min(1).max(SPENDING_MAX).nullable();

/** A user's own guardrails: a monthly credit budget and a low-balance warning threshold (null = none). */
export const spendingSettingsSchema = z.object({ monthly_budget: amount, low_balance_warning: amount });
export type SpendingSettings = z.infer<typeof spendingSettingsSchema>;

/** Where the caller stands: their settings, what the current UTC month and day have used, and their plan's daily cap. */
export const spendingStateSchema = spendingSettingsSchema.extend({
  month_spent: z.number().int(),
  day_spent: z.number().int(),
  daily_cap: z.number().int().nullable(),
});
export type SpendingState = z.infer<typeof spendingStateSchema>;

export const spendingResponseSchema = z.object({ status: z.literal('success'), spending: spendingStateSchema });
export type SpendingResponse = z.infer<typeof spendingResponseSchema>;
