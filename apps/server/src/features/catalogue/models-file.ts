import { readFileSync } from 'node:fs';
import { ICON_FAMILIES, PROVIDERS } from '@ensemble/shared';
import { z } from 'zod';

const providerSchema = z.enum(PROVIDERS);
const addedModelSchema = z.object({
  id: z.string().min(1).max(200),
  name: z.string().min(1).max(200),
  description: z.string().max(1000).default(''),
  provider: providerSchema,
  type: z.enum(['text', 'image']),
  stream: z.boolean().optional(),
  cost: z.number().int().min(0).max(10_000).default(1),
  icon: z.enum(ICON_FAMILIES).optional(),
  model_id: z.string().min(1).max(200).optional(),
  fallbacks: z.array(z.string().min(1)).max(5).optional(),
  context_window: z.number().int().min(1).optional(),
  max_output_tokens: z.number().int().min(1).optional(),
});

/**
 * MODELS_FILE: operators add, retire, re-map, re-price models and set their fallbacks without a code change.
 * { "add": [...entries], "retire": ["id"], "map": { "catalogue id": "provider model id" }, "costs": { "id": 2 },
 *   "fallbacks": { "id": ["fallback id", ...] } }
 */
export const modelsFileSchema = z
  .object({
    add: z.array(addedModelSchema).default([]),
    retire: z.array(z.string().min(1)).default([]),
    map: z.record(z.string().min(1), z.string().min(1)).default({}),
    costs: z.record(z.string().min(1), z.number().int().min(0).max(10_000)).default({}),
    fallbacks: z.record(z.string().min(1), z.array(z.string().min(1)).max(5)).default({}),
  })
  .strict();
export type ModelsFile = z.infer<typeof modelsFileSchema>;

/** Reads and checks MODELS_FILE; throws a readable error naming the problem. */
export function readModelsFile(file: string): ModelsFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`MODELS_FILE ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = modelsFileSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`MODELS_FILE ${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}
