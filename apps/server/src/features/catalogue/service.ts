import { type Catalogue, IMAGE_MODELS, type ModelEntry, type ModelType, TEXT_MODELS, findModel } from '@ensemble/shared';
import type { Candidate, FallbackOptions } from '../../providers/fallback.js';
import type { ProviderRegistry, ResolvedModel } from '../../providers/registry.js';
import type { AvailabilityStore, CheckedRow } from './availability.js';
import type { ModelsFile } from './models-file.js';

/** A row's adapter plus the candidates that answer it, in order: itself (unless its provider dropped it), then its fallbacks. */
export interface ResolvedChain extends ResolvedModel {
  chain: Candidate[];
}

/** The server's live catalogue: the shared one with MODELS_FILE applied, demo labels set and unserved rows hidden. */
export interface ServerCatalogue {
  /** The rows to show now: rows whose provider stopped serving them are left out unless a fallback answers them. */
  list(): Promise<Catalogue>;
  /** Any configured row by id (hidden ones included, so a stale client still gets a precise answer). */
  find(id: string, type?: ModelType): ModelEntry | undefined;
  /** The adapter, provider model id and answering chain of a row, or null when no provider can serve it. */
  resolve(model: ModelEntry): Promise<ResolvedChain | null>;
  /** True when at least one visible model is answered by the demo provider. */
  usesDemo(): boolean;
  /** Every row answered by a real provider (what the availability check asks about). */
  realRows(): CheckedRow[];
  /** How chains run: the first-token timeout and the "model not found" report. */
  fallbackOptions(): FallbackOptions;
}

/** Applies MODELS_FILE to the shared catalogue; `availability` (when given) hides rows their provider dropped. */
export function createServerCatalogue(
  registry: ProviderRegistry,
  file: ModelsFile | null,
  availability?: AvailabilityStore,
): ServerCatalogue {
  const retired = new Set(file?.retire ?? []);
  const known = [...TEXT_MODELS, ...IMAGE_MODELS, ...(file?.add ?? [])];
  const unknownRefs = [
    ...retired,
    ...Object.keys(file?.map ?? {}),
    ...Object.keys(file?.costs ?? {}),
    ...Object.keys(file?.fallbacks ?? {}),
    ...Object.values(file?.fallbacks ?? {}).flat(),
    ...(file?.add ?? []).flatMap((m) => m.fallbacks ?? []),
  ].filter((id) => !known.some((m) => m.id === id));
  if (unknownRefs.length) throw new Error(`MODELS_FILE names unknown model ids: ${[...new Set(unknownRefs)].join(', ')}`);

  const added: ModelEntry[] = (file?.add ?? []).map((m) => ({
    id: m.id,
    name: m.name,
    description: m.description,
    provider: m.provider as ModelEntry['provider'],
    type: m.type,
    stream: m.type === 'text' ? (m.stream ?? true) : false,
    cost: m.cost,
    icon: `/api/assets/icons/${m.icon ?? 'openai'}.svg`,
    ...(m.model_id ? { model_id: m.model_id } : {}),
    ...(m.fallbacks?.length ? { fallbacks: m.fallbacks } : {}),
  }));
  const all = [...TEXT_MODELS, ...IMAGE_MODELS].filter((m) => !added.some((a) => a.id === m.id)).concat(added);

  const configured: { model: ModelEntry; resolved: ResolvedModel }[] = [];
  for (const base of all) {
    if (retired.has(base.id)) continue;
    const mapped = file?.map[base.id];
    const cost = file?.costs[base.id];
    const fallbacks = file?.fallbacks?.[base.id];
    const model: ModelEntry = {
      ...base,
      ...(mapped ? { model_id: mapped } : {}),
      ...(cost !== undefined ? { cost } : {}),
      ...(fallbacks ? { fallbacks } : {}),
    };
    const resolved = registry.resolve(model);
    if (resolved) configured.push({ model: { ...model, demo: resolved.adapter.demo }, resolved });
  }
  const byId = new Map(configured.map((c) => [c.model.id, c]));
  const visible: Catalogue = {
    text_models: configured.filter((c) => c.model.type === 'text').map((c) => c.model),
    image_models: configured.filter((c) => c.model.type === 'image').map((c) => c.model),
  };
  const candidate = (id: string): Candidate | undefined => {
    const c = byId.get(id);
    return c ? { model: c.model, adapter: c.resolved.adapter, providerModelId: c.resolved.providerModelId } : undefined;
  };
  const isUnavailable = (missing: Map<string, string>, id: string) => {
    const c = byId.get(id);
    return !!c && !c.resolved.adapter.demo && missing.get(id) === c.resolved.providerModelId;
  };
  // Fallbacks must be real rows of the same type: a demo answer would pass a simulation off as a reply.
  const fallbacksOf = (model: ModelEntry, missing: Map<string, string>): Candidate[] =>
    (model.fallbacks ?? [])
      .map(candidate)
      .filter((c): c is Candidate => !!c && !c.adapter.demo && c.model.type === model.type && c.model.id !== model.id)
      .filter((c) => !isUnavailable(missing, c.model.id));
  const missingNow = async () => (availability ? availability.unavailable() : new Map<string, string>());

  return {
    async list() {
      const missing = await missingNow();
      if (missing.size === 0) return visible;
      const shown = (m: ModelEntry) => !isUnavailable(missing, m.id) || fallbacksOf(m, missing).length > 0;
      return { text_models: visible.text_models.filter(shown), image_models: visible.image_models.filter(shown) };
    },
    find: (id, type) => findModel(visible, id, type),
    async resolve(model) {
      const entry = byId.get(model.id);
      if (!entry) return null;
      const self = candidate(model.id) as Candidate;
      if (entry.resolved.adapter.demo) return { ...entry.resolved, chain: [self] };
      const missing = await missingNow();
      const fallbacks = fallbacksOf(entry.model, missing);
      // A row its provider dropped goes straight to its fallbacks; without any it is still tried, so
      // the user hears precisely why it cannot answer.
      const chain = isUnavailable(missing, model.id) && fallbacks.length > 0 ? fallbacks : [self, ...fallbacks];
      return { ...entry.resolved, chain };
    },
    usesDemo: () => configured.some((c) => c.model.demo),
    realRows: () =>
      configured.filter((c) => !c.resolved.adapter.demo).map((c) => ({ model: c.model, providerModelId: c.resolved.providerModelId })),
    fallbackOptions: () => ({
      firstTokenTimeoutMs: registry.settings.firstTokenTimeoutMs,
      onModelNotFound: (c) =>
        void availability?.markNotFound({ model: c.model, providerModelId: c.providerModelId }).catch(() => undefined),
    }),
  };
}
