import { z } from 'zod';
import { creditsInfoSchema } from './common.js';
import { spendingStateSchema } from './spending.js';

export const checkCreditsRequestSchema = z.object({
  required_credits: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type CheckCreditsRequest = z.input<typeof checkCreditsRequestSchema>;

export const checkCreditsResponseSchema = z.object({
  status: z.enum(['success', 'credits_exhausted']),
  message: z.string().optional(),
  credits_info: creditsInfoSchema,
  plan: z.enum(['guest', 'free', 'pro', 'premium']),
  /** Accounts only: their budget, warning threshold and plan cap, with this month's and today's use. */
  spending: spendingStateSchema.optional(),
  /** Guests only: true when this guest started with 0 credits because its network's funded guests of the day are used up. */
  guest_unfunded: z.boolean().optional(),
});
export type CheckCreditsResponse = z.infer<typeof checkCreditsResponseSchema>;
