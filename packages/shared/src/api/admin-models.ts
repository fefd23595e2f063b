import { z } from 'zod';
import { PROVIDERS, WEB_SEARCH_BACKENDS } from '../models/catalogue.js';
import { text } from './common.js';

// Operators' Models and Providers views (issue 16, items 4 and 5).

const reason = text().trim().min(3, 'must say why (at least 3 characters)').max(500);
const modelId = text().trim().min(1).max(200);

/** Where a row stands now: answered, dropped by its provider, answered by the demo, unanswerable, or switched off. */
export const MODEL_AVAILABILITY = ['available', 'unavailable', 'demo', 'no_provider', 'disabled'] as const;
export type ModelAvailability = (typeof MODEL_AVAILABILITY)[number];

export const adminModelRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.enum(PROVIDERS),
  type: z.enum(['text', 'image']),
  enabled: z.boolean(),
  cost: z.number().int(),
  base_cost: z.number().int(),
  provider_model_id: z.string(),
  base_provider_model_id: z.string(),
  fallbacks: z.array(z.string()),
  base_fallbacks: z.array(z.string()),
  favourite: z.boolean(),
  availability: z.enum(MODEL_AVAILABILITY),
  /** Text rows: the search the row's web search uses now (issue 38); null on image rows. */
  web_search: z.enum(WEB_SEARCH_BACKENDS).nullable(),
  /** Text rows: the search it uses without an operator's choice; null on image rows. */
  base_web_search: z.enum(WEB_SEARCH_BACKENDS).nullable(),
  /** Whether an operator chose the row's search (false: its default applies). */
  web_search_customised: z.boolean(),
  /** Text rows: the credits a web search adds now; null on image rows. */
  web_search_cost: z.number().int().nullable(),
  /** Text rows: the row's own surcharge (built-in or default); null on image rows. */
  base_web_search_cost: z.number().int().nullable(),
});
export type AdminModelRow = z.infer<typeof adminModelRowSchema>;

export const adminModelsResponseSchema = z.object({
  status: z.literal('success'),
  models: z.array(adminModelRowSchema),
  default_favourites: z.array(z.string()),
  /** False while the built-in shortlist applies. */
  favourites_customised: z.boolean(),
});
export type AdminModelsResponse = z.infer<typeof adminModelsResponseSchema>;

/**
 * Changes one row. A field left out keeps its present setting; null returns it to the row's own
 * (built-in or MODELS_FILE) value.
 */
export const adminUpdateModelSchema = z.object({
  model_id: modelId,
  enabled: z.boolean().optional(),
  cost: z.number().int().min(0, 'must not be negative').max(10_000).nullable().optional(),
  provider_model_id: modelId.nullable().optional(),
  fallbacks: z.array(modelId).max(5).nullable().optional(),
  /** Text rows only: which search the row's web search uses (issue 38). */
  web_search: z.enum(WEB_SEARCH_BACKENDS, "must be 'provider', 'own', 'off' or null").nullable().optional(),
  /** Text rows only: the credits a web search adds. */
  web_search_cost: z
    .number('must be a whole number of credits')
    .int('must be a whole number of credits')
    .min(0, 'must not be negative')
    .max(100, 'must be at most 100')
    .nullable()
    .optional(),
  reason,
});
export type AdminUpdateModel = z.input<typeof adminUpdateModelSchema>;

/** The favourites a first visit starts with; null returns to the built-in shortlist. */
export const adminSetFavouritesSchema = z.object({
  favourites: z.array(modelId).max(50).nullable(),
  reason,
});
export type AdminSetFavourites = z.input<typeof adminSetFavouritesSchema>;

/** Per provider over the last hour. */
export const adminProviderRowSchema = z.object({
  id: z.enum(PROVIDERS),
  label: z.string(),
  /** configured: its key is set; demo: the built-in demo answers its rows; off: nothing answers them. */
  mode: z.enum(['configured', 'demo', 'off']),
  models: z.array(z.object({ id: z.string(), name: z.string(), availability: z.enum(MODEL_AVAILABILITY) })),
  replies: z.number().int(),
  failed: z.number().int(),
  errors: z.array(z.object({ kind: z.string(), count: z.number().int(), rate: z.number() })),
  ttft_p50_ms: z.number().int().nullable(),
  ttft_p95_ms: z.number().int().nullable(),
});
export type AdminProviderRow = z.infer<typeof adminProviderRowSchema>;

export const adminProvidersResponseSchema = z.object({
  status: z.literal('success'),
  window_minutes: z.number().int(),
  providers: z.array(adminProviderRowSchema),
});
export type AdminProvidersResponse = z.infer<typeof adminProvidersResponseSchema>;
