import { z } from 'zod';
import { userIdSchema, text } from './common.js';

export const recordActivityRequestSchema = z.object({
  activity_type: text().trim().min(1).max(32),
  description: text().trim().min(1).max(500),
  user_id: userIdSchema,
});
export const activitySchema = z.object({
  id: z.number(),
  activity_type: z.string(),
  description: z.string(),
  created_at: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
const usageSchema = z.object({ requests: z.number().int(), credits: z.number().int() });
/** An account's usage this UTC month, in the chat and through its API keys apart (issue 39); refunds taken off. */
export const monthUsageSchema = z.object({ month: z.string(), chat: usageSchema, api: usageSchema });
export type MonthUsage = z.infer<typeof monthUsageSchema>;
export const listActivityResponseSchema = z.object({
  status: z.literal('success'),
  activity: z.array(activitySchema),
  /** Accounts only. */
  usage: monthUsageSchema.optional(),
});
