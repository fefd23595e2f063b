import { z } from 'zod';

/** A positive numeric id sent as a number or a numeric string. */
export const idSchema = z.union([z.number().int().positive(), z.string().regex(/^\d+$/, 'must be a numeric id').transform(Number)]);

/** The compatibility user_id: -1 for "this caller's guest identity", else a numeric id. Never trusted. */
export const userIdSchema = z
  .union([
    z.number().int(),
    z
      .string()
      .regex(/^-?\d+$/, 'must be a numeric id')
      .transform(Number),
  ])
  .nullish();

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
