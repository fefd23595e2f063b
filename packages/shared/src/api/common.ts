import { z } from 'zod';

/** The largest id either database stores (PostgreSQL's integer); larger ones are refused, not looked up. */
export const MAX_ID = 2_147_483_647;

const ID_RANGE = `must be a whole number from 1 to ${MAX_ID}`;

/** A positive numeric id up to MAX_ID, sent as a number or a numeric string. */
export const idSchema = z.union([
  z.number().int(ID_RANGE).min(1, ID_RANGE).max(MAX_ID, ID_RANGE),
  z
    .string()
    .regex(/^\d{1,10}$/, ID_RANGE)
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_ID, ID_RANGE),
]);

const USER_ID_RANGE = `must be -1 or a whole number from 1 to ${MAX_ID}`;
const isUserId = (n: number) => n === -1 || (n >= 1 && n <= MAX_ID);

/** The compatibility user_id: -1 for "this caller's guest identity", else a numeric id. Never trusted. */
export const userIdSchema = z
  .union([
    z.number().int(USER_ID_RANGE).refine(isUserId, USER_ID_RANGE),
    z
      .string()
      .regex(/^-?\d{1,10}$/, USER_ID_RANGE)
      .transform(Number)
      .refine(isUserId, USER_ID_RANGE),
  ])
  .nullish();

/**
 * A text field: any string without NUL bytes. PostgreSQL cannot store NUL in text, so both
 * databases refuse it the same way, with a 400, before anything is charged or written.
 */
export const text = () => z.string().refine((v) => !v.includes('\u0000'), 'must not contain NUL bytes');

/** Optional boolean sent as a boolean, 0/1 or "true"/"false". */
export const looseBool = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '0', '1'])])
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

export const okSchema = z.object({ status: z.literal('success'), message: z.string().optional() });
export type Ok = z.infer<typeof okSchema>;

/** Credit balance as every credit-bearing answer carries it. */
export const creditsInfoSchema = z.object({
  remaining: z.number(),
  credits_used: z.number(),
  status: z.enum(['active', 'credits_exhausted']),
  max: z.number().optional(),
});
export type CreditsInfo = z.infer<typeof creditsInfoSchema>;

export const errorBodySchema = z.object({
  status: z.enum(['error', 'credits_exhausted', 'unauthorized']),
  message: z.string(),
  code: z.string().optional(),
  credits_info: creditsInfoSchema.optional(),
});
