import { type Catalogue, IMAGE_MODELS, type ModelEntry, type ModelType, TEXT_MODELS, findModel } from '@ensemble/shared';
import type { ProviderRegistry, ResolvedModel } from '../../providers/registry.js';
import type { ModelsFile } from './models-file.js';

/** The server's live catalogue: the shared one with MODELS_FILE applied and demo labels set. */
export interface ServerCatalogue {
  list(): Catalogue;
  find(id: string, type?: ModelType): ModelEntry | undefined;
  /** The adapter and provider model id for a catalogue model, or null when it is hidden. */
  resolve(model: ModelEntry): ResolvedModel | null;
  /** True when at least one visible model is answered by the demo provider. */
  usesDemo(): boolean;
}

/** Applies MODELS_FILE to the shared catalogue and hides models no provider can serve. */
export function createServerCatalogue(registry: ProviderRegistry, file: ModelsFile | null): ServerCatalogue {
  const retired = new Set(file?.retire ?? []);
  const unknownRefs = [...retired, ...Object.keys(file?.map ?? {}), ...Object.keys(file?.costs ?? {})].filter(
    (id) => ![...TEXT_MODELS, ...IMAGE_MODELS, ...(file?.add ?? [])].some((m) => m.id === id),
  );
  if (unknownRefs.length) throw new Error(`MODELS_FILE names unknown model ids: ${unknownRefs.join(', ')}`);

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
  }));
  const all = [...TEXT_MODELS, ...IMAGE_MODELS].filter((m) => !added.some((a) => a.id === m.id)).concat(added);

  const visible: ModelEntry[] = [];
  for (const base of all) {
    if (retired.has(base.id)) continue;
    const mapped = file?.map[base.id];
    const cost = file?.costs[base.id];
    const model: ModelEntry = { ...base, ...(mapped ? { model_id: mapped } : {}), ...(cost !== undefined ? { cost } : {}) };
    const resolved = registry.resolve(model);
    if (!resolved) continue;
    visible.push({ ...model, demo: resolved.adapter.demo });
  }
  const catalogue: Catalogue = {
    text_models: visible.filter((m) => m.type === 'text'),
    image_models: visible.filter((m) => m.type === 'image'),
  };

  return {
    list: () => catalogue,
    find: (id, type) => findModel(catalogue, id, type),
    resolve: (model) => registry.resolve(model),
    usesDemo: () => visible.some((m) => m.demo),
  };
}
