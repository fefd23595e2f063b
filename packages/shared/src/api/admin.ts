import { z } from 'zod';
import { text } from './common.js';
import { SPENDING_MAX } from './spending.js';

/** Every operator action says why; the reason goes to the ledger and the audit log. */
const reason = text().trim().min(3, 'must say why (at least 3 characters)').max(500);
const userId = z.coerce.number().int().positive().max(2_147_483_647);

/** The operator calling (answers 403 to anyone else). */
export const adminMeResponseSchema = z.object({
  status: z.literal('success'),
  operator: z.object({ id: z.number().int(), email: z.string(), username: z.string() }),
});
export type AdminMeResponse = z.infer<typeof adminMeResponseSchema>;

export const ADMIN_PAGE_SIZE = 25;

export const adminUsersQuerySchema = z.object({
  q: text().trim().max(254).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserSummarySchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  plan: z.string(),
  subscription_status: z.string(),
  credits: z.number().int(),
  email_verified: z.boolean(),
  suspended: z.boolean(),
  created_at: z.string(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;

export const adminUsersResponseSchema = z.object({
  status: z.literal('success'),
  users: z.array(adminUserSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const adminUserQuerySchema = z.object({ id: userId });

const ledgerRowSchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: z.string(),
  model: z.string().nullable(),
  created_at: z.string(),
});

/** Everything an operator sees about one account. */
export const adminUserDetailSchema = adminUserSummarySchema.extend({
  credits_used: z.number().int(),
  subscription_end_date: z.string().nullable(),
  has_stripe_subscription: z.boolean(),
  monthly_budget: z.number().int().nullable(),
  month_spent: z.number().int(),
  ledger: z.array(ledgerRowSchema),
  usage_by_model: z.array(z.object({ model: z.string(), requests: z.number().int(), credits: z.number().int() })),
  threads: z.array(z.object({ id: z.number().int(), title: z.string(), message_count: z.number().int(), updated_at: z.string() })),
  thread_count: z.number().int(),
  images: z.array(z.object({ id: z.string(), prompt: z.string(), model: z.string().nullable(), created_at: z.string() })),
  image_count: z.number().int(),
  /** The account's arena votes are left out of the ranking (issue 41). */
  arena_excluded: z.boolean(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminUserResponseSchema = z.object({ status: z.literal('success'), user: adminUserDetailSchema });
export type AdminUserResponse = z.infer<typeof adminUserResponseSchema>;

/** Grant (positive) or deduct (negative) credits. */
export const adminAdjustCreditsSchema = z.object({
  user_id: userId,
  amount: z
    .number()
    .int()
    .min(-SPENDING_MAX)
    .max(SPENDING_MAX)
    .refine((n) => n !== 0, 'must not be 0'),
  reason,
});
export type AdminAdjustCredits = z.infer<typeof adminAdjustCreditsSchema>;

export const adminSuspendSchema = z.object({ user_id: userId, suspended: z.boolean(), reason });
export type AdminSuspend = z.infer<typeof adminSuspendSchema>;

export const adminUserActionSchema = z.object({ user_id: userId, reason });
export type AdminUserAction = z.infer<typeof adminUserActionSchema>;

export const adminActionResponseSchema = z.object({ status: z.literal('success'), message: z.string(), user: adminUserDetailSchema });
export type AdminActionResponse = z.infer<typeof adminActionResponseSchema>;

export const PLANS_WITH_CAPS = ['free', 'pro', 'premium'] as const;

export const adminDailyCapsResponseSchema = z.object({
  status: z.literal('success'),
  caps: z.array(z.object({ plan: z.enum(PLANS_WITH_CAPS), daily_cap: z.number().int().nullable() })),
});
export type AdminDailyCapsResponse = z.infer<typeof adminDailyCapsResponseSchema>;

export const adminSetDailyCapSchema = z.object({
  plan: z.enum(PLANS_WITH_CAPS),
  daily_cap: z.number().int().min(1).max(SPENDING_MAX).nullable(),
  reason,
});
export type AdminSetDailyCap = z.infer<typeof adminSetDailyCapSchema>;

export const adminAuditQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export const adminAuditResponseSchema = z.object({
  status: z.literal('success'),
  entries: z.array(
    z.object({
      id: z.number().int(),
      actor_email: z.string(),
      action: z.string(),
      target: z.string(),
      reason: z.string(),
      before: z.unknown(),
      after: z.unknown(),
      created_at: z.string(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminAuditResponse = z.infer<typeof adminAuditResponseSchema>;

const addressHits = z.array(z.object({ client_address: z.string(), hits: z.number().int() }));

/** The abuse view: addresses most often refused, and today's top spenders. */
export const adminAbuseResponseSchema = z.object({
  status: z.literal('success'),
  days: z.number().int(),
  funded_guest_limit: addressHits,
  login_throttle: addressHits,
  top_spenders_today: z.array(
    z.object({ kind: z.enum(['account', 'guest']), id: z.number().int(), label: z.string(), plan: z.string(), credits: z.number().int() }),
  ),
});
export type AdminAbuseResponse = z.infer<typeof adminAbuseResponseSchema>;
