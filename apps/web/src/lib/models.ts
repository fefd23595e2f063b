import { type Catalogue, CONFIG_PATHS, IMAGE_MODELS, type ModelEntry, type ModelType, TEXT_MODELS, findModel } from '@ensemble/shared';
import { plural, t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiGet } from './api-client';

export const MODELS_QUERY_KEY = ['models'] as const;

/** The shared catalogue, used until the server's (with demo labels and operator changes) arrives. */
export const FALLBACK_CATALOGUE: Catalogue = { text_models: [...TEXT_MODELS], image_models: [...IMAGE_MODELS] };

/** Fetches the server's visible catalogue, with the favourites operators chose for a first visit. */
export async function fetchModels(): Promise<Catalogue & { default_favourites?: string[] }> {
  const res = await apiGet<Catalogue & { status: string; default_favourites?: unknown }>(CONFIG_PATHS.models);
  const favourites = Array.isArray(res.default_favourites)
    ? res.default_favourites.filter((v): v is string => typeof v === 'string')
    : undefined;
  return { text_models: res.text_models, image_models: res.image_models, ...(favourites ? { default_favourites: favourites } : {}) };
}

/** The live model catalogue (server's visible models, each marked demo when simulated). */
export function useModels(): {
  catalogue: Catalogue;
  loaded: boolean;
  find: (id: string | null | undefined, type?: ModelType) => ModelEntry | undefined;
} {
  const query = useQuery({ queryKey: MODELS_QUERY_KEY, queryFn: fetchModels, staleTime: 5 * 60_000 });
  const catalogue = query.data ?? FALLBACK_CATALOGUE;
  // The same function while the catalogue stays: what receives it is not rendered again for nothing.
  const find = useCallback((id: string | null | undefined, type?: ModelType) => findModel(catalogue, id, type), [catalogue]);
  return { catalogue, loaded: query.isSuccess, find };
}

/** The models of a type in the given order of ids (a shortlist), skipping unknown ones. */
export function modelsInOrder(catalogue: Catalogue, ids: readonly string[], type: ModelType): ModelEntry[] {
  const list = type === 'text' ? catalogue.text_models : catalogue.image_models;
  return ids.map((id) => list.find((m) => m.id === id)).filter((m): m is ModelEntry => Boolean(m));
}

/** "1 credit" / "3 credits". */
export function costLabel(cost: number): string {
  // The number as it is (no grouping): balances in the thousands read 2000, as before.
  return t`${plural(cost, { one: `${cost} credit`, other: `${cost} credits` })}`;
}
