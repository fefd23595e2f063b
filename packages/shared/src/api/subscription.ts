import { z } from 'zod';
import { text } from './common.js';

export const checkoutRequestSchema = z.object({ priceId: text().min(1).max(200) });
export const checkoutResponseSchema = z.object({ id: z.string(), url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const verifySessionRequestSchema = z.object({ session_id: text().min(1).max(300) });
export const verifySessionResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  tier: z.enum(['free', 'pro', 'premium']),
  credits_remaining: z.number(),
});
export type VerifySessionResponse = z.infer<typeof verifySessionResponseSchema>;
