import {
  type Catalogue,
  DEFAULT_SHORTLIST,
  IMAGE_MODELS,
  type ModelEntry,
  type ModelType,
  type ProviderId,
  TEXT_MODELS,
  findModel,
  withProviderSpec,
} from '@ensemble/shared';
import type { Candidate, FallbackOptions } from '../../providers/fallback.js';
import type { ProviderRegistry, ResolvedModel } from '../../providers/registry.js';
import type { AvailabilityStore, CheckedRow } from './availability.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { ModelsFile } from './models-file.js';
import {
  type CatalogueOverrides,
  type CatalogueSignal,
  type ModelOverride,
  NO_OVERRIDES,
  loadOverrides,
  readCatalogueVersion,
} from './overrides.js';

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
  /** The adapter, provider model id and answering chain of a row, or null when no provider can serve it or it is hidden. */
  resolve(model: ModelEntry): Promise<ResolvedChain | null>;
  /** True when at least one visible model is answered by the demo provider. */
  usesDemo(): boolean;
  /** Every row answered by a real provider (what the availability check asks about). */
  realRows(): CheckedRow[];
  /** How chains run: the first-token timeout and the "model not found" report. */
  fallbackOptions(): FallbackOptions;
  /** Re-reads the operators' version when this instance's copy is older than its cache time; reloads on a change. */
  refresh(): Promise<void>;
  /** After an operator change: reloads here at once and tells every other instance to. */
  changed(): Promise<void>;
  /** Every row before operators' overrides (built-in and MODELS_FILE), disabled ones included. */
  baseRows(): readonly ModelEntry[];
  /** The operators' overrides this instance applies now. */
  overrides(): CatalogueOverrides;
  /** The favourites a first visit starts with: the operators' choice, or the built-in shortlist, of visible rows. */
  defaultFavourites(): string[];
  /** The adapter and provider id a row would have with these settings (null: no provider can serve it). */
  resolveRow(model: ModelEntry): ResolvedModel | null;
  /** Row id -> provider model id, for rows their provider does not serve now. */
  unavailableRows(): Promise<Map<string, string>>;
  /** Whether a provider's key is set, the demo answers its rows, or nothing does. */
  providerMode(provider: ProviderId): 'configured' | 'demo' | 'off';
  /** Loads the overrides and listens for changes (Redis), then keeps them current. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Where operators' overrides come from and how changes travel between instances. */
export interface LiveOverrides {
  db: Kysely<Database>;
  /** Redis pub/sub when REDIS_URL is set; null re-reads the version row at most every cacheMs. */
  signal: CatalogueSignal | null;
  /** How long a checked version is trusted (at most 5 s without Redis; a back-stop with it). */
  cacheMs: number;
  /** Told when the Redis subscription cannot be made (the short cache then applies instead). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** The cache times: without Redis every instance sees a change within 2 s; with it at once (30 s back-stop). */
export const CATALOGUE_CACHE_MS = { withoutRedis: 2_000, withRedis: 30_000 } as const;

/** A row with an operator's override laid over it. */
export function applyOverride(base: ModelEntry, o: ModelOverride | undefined): ModelEntry {
  if (!o) return base;
  const { fallbacks: _own, ...rest } = base;
  const fallbacks = o.fallbacks ?? base.fallbacks;
  return {
    ...rest,
    ...(o.cost !== null ? { cost: o.cost } : {}),
    ...(o.provider_model_id !== null ? { model_id: o.provider_model_id } : {}),
    ...(fallbacks?.length ? { fallbacks } : {}),
    // Web search is a text row's (issue 38): an image row keeps none.
    ...(base.type === 'text' && o.web_search !== null ? { web_search_backend: o.web_search } : {}),
    ...(base.type === 'text' && o.web_search_cost !== null ? { web_search_cost: o.web_search_cost } : {}),
  };
}

/** Applies MODELS_FILE to the shared catalogue: every row, in order, before operators' overrides. */
function baseCatalogue(file: ModelsFile | null): ModelEntry[] {
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
    ...(m.context_window ? { context_window: m.context_window } : {}),
    ...(m.max_output_tokens ? { max_output_tokens: m.max_output_tokens } : {}),
  }));
  const all = [...TEXT_MODELS, ...IMAGE_MODELS].filter((m) => !added.some((a) => a.id === m.id)).concat(added);
  const rows: ModelEntry[] = [];
  for (const base of all) {
    if (retired.has(base.id)) continue;
    const mapped = file?.map[base.id];
    const cost = file?.costs[base.id];
    const fallbacks = file?.fallbacks?.[base.id];
    // A re-mapped row takes the limits and parameters of the model it now sends, when they are known.
    const row = {
      ...base,
      ...(mapped ? { model_id: mapped } : {}),
      ...(cost !== undefined ? { cost } : {}),
      ...(fallbacks ? { fallbacks } : {}),
    };
    rows.push(mapped ? withProviderSpec(row) : row);
  }
  return rows;
}

/** The enabled rows with an adapter, after overrides, as one immutable snapshot. */
interface Snapshot {
  configured: { model: ModelEntry; resolved: ResolvedModel }[];
  byId: Map<string, { model: ModelEntry; resolved: ResolvedModel }>;
  visible: Catalogue;
  overrides: CatalogueOverrides;
  /** Row id -> provider model id of rows their provider does not serve, read with the overrides. */
  missing: Map<string, string>;
}

function snapshotOf(
  registry: ProviderRegistry,
  base: readonly ModelEntry[],
  overrides: CatalogueOverrides,
  missing: Map<string, string> = new Map(),
): Snapshot {
  const configured: Snapshot['configured'] = [];
  for (const row of base) {
    const o = overrides.rows.get(row.id);
    if (o?.enabled === false) continue;
    const model = o?.provider_model_id != null ? withProviderSpec(applyOverride(row, o)) : applyOverride(row, o);
    const resolved = registry.resolve(model);
    if (resolved) configured.push({ model: { ...model, demo: resolved.adapter.demo }, resolved });
  }
  return {
    configured,
    byId: new Map(configured.map((c) => [c.model.id, c])),
    visible: {
      text_models: configured.filter((c) => c.model.type === 'text').map((c) => c.model),
      image_models: configured.filter((c) => c.model.type === 'image').map((c) => c.model),
    },
    overrides,
    missing,
  };
}

/**
 * The live catalogue: MODELS_FILE over the shared rows, then operators' overrides from the database
 * (`live`); `availability` (when given) hides rows their provider dropped.
 */
export function createServerCatalogue(
  registry: ProviderRegistry,
  file: ModelsFile | null,
  availability?: AvailabilityStore,
  live?: LiveOverrides,
): ServerCatalogue {
  const base = baseCatalogue(file);
  let snap = snapshotOf(registry, base, NO_OVERRIDES);
  let checkedAt = 0;
  let pending: Promise<void> | null = null;
  let unsubscribe: (() => Promise<void>) | null = null;

  // One reload at a time; a reload asked for while one runs runs again after it.
  let again = false;
  const reload = (force: boolean): Promise<void> => {
    if (!live) return Promise.resolve();
    if (pending) {
      if (force) again = true;
      return pending;
    }
    pending = (async () => {
      try {
        do {
          again = false;
          const startedAt = Date.now();
          const version = force ? null : await readCatalogueVersion(live.db);
          if (version === null || version !== snap.overrides.version) {
            // Availability after the version: it is at least as new as the version it is kept under.
            const overrides = await loadOverrides(live.db);
            snap = snapshotOf(registry, base, overrides, availability ? await availability.unavailable() : undefined);
          }
          checkedAt = startedAt;
          force = true;
        } while (again);
      } finally {
        pending = null;
      }
    })();
    return pending;
  };
  let cacheMs = live?.cacheMs ?? 0;
  const refresh = async () => {
    if (live && Date.now() - checkedAt >= cacheMs) await reload(false);
  };

  const candidate = (id: string): Candidate | undefined => {
    const c = snap.byId.get(id);
    return c ? { model: c.model, adapter: c.resolved.adapter, providerModelId: c.resolved.providerModelId } : undefined;
  };
  const isUnavailable = (missing: Map<string, string>, id: string) => {
    const c = snap.byId.get(id);
    return !!c && !c.resolved.adapter.demo && missing.get(id) === c.resolved.providerModelId;
  };
  // Fallbacks must be real rows of the same type: a demo answer would pass a simulation off as a reply.
  const fallbacksOf = (model: ModelEntry, missing: Map<string, string>): Candidate[] =>
    (model.fallbacks ?? [])
      .map(candidate)
      .filter((c): c is Candidate => !!c && !c.adapter.demo && c.model.type === model.type && c.model.id !== model.id)
      .filter((c) => !isUnavailable(missing, c.model.id));
  // With live overrides the rows their provider dropped come with the snapshot (a change bumps the
  // catalogue version); without, they are read each time.
  const missingNow = async () => (live ? snap.missing : availability ? availability.unavailable() : new Map<string, string>());
  // What models.php shows: a row its provider dropped only while a fallback can answer it.
  const shown = (missing: Map<string, string>, m: ModelEntry) => !isUnavailable(missing, m.id) || fallbacksOf(m, missing).length > 0;

  return {
    async list() {
      await refresh();
      const { visible } = snap;
      const missing = await missingNow();
      if (missing.size === 0) return visible;
      const show = (m: ModelEntry) => shown(missing, m);
      return { text_models: visible.text_models.filter(show), image_models: visible.image_models.filter(show) };
    },
    find: (id, type) => findModel(snap.visible, id, type),
    async resolve(model) {
      await refresh();
      const entry = snap.byId.get(model.id);
      if (!entry) return null;
      const self = candidate(model.id) as Candidate;
      if (entry.resolved.adapter.demo) return { ...entry.resolved, chain: [self] };
      const missing = await missingNow();
      // A row hidden from models.php is refused like a retired one, before anything is charged: its
      // provider may still answer the id for a while, but the row is no longer offered.
      if (!shown(missing, entry.model)) return null;
      const fallbacks = fallbacksOf(entry.model, missing);
      // A row its provider dropped goes straight to its fallbacks.
      const chain = isUnavailable(missing, model.id) ? fallbacks : [self, ...fallbacks];
      return { ...entry.resolved, chain };
    },
    usesDemo: () => snap.configured.some((c) => c.model.demo),
    realRows: () =>
      snap.configured.filter((c) => !c.resolved.adapter.demo).map((c) => ({ model: c.model, providerModelId: c.resolved.providerModelId })),
    fallbackOptions: () => ({
      firstTokenTimeoutMs: registry.settings.firstTokenTimeoutMs,
      onModelNotFound: (c) =>
        void availability?.markNotFound({ model: c.model, providerModelId: c.providerModelId }).catch(() => undefined),
    }),
    refresh,
    async changed() {
      await reload(true);
      await live?.signal?.publish();
    },
    baseRows: () => base,
    overrides: () => snap.overrides,
    defaultFavourites() {
      // The built-in list as it ships (the picker skips rows it does not know); an operator's, of rows shown now.
      const chosen = snap.overrides.favourites;
      return chosen ? chosen.filter((id) => snap.byId.has(id)) : [...DEFAULT_SHORTLIST];
    },
    resolveRow: (model) => registry.resolve(model),
    unavailableRows: missingNow,
    providerMode: (provider) => (registry.settings.keys[provider] ? 'configured' : registry.settings.demoMode ? 'demo' : 'off'),
    async start() {
      if (!live) return;
      if (live.signal) {
        try {
          unsubscribe = await live.signal.subscribe(() => void reload(true).catch(() => undefined));
        } catch (err) {
          // Without the channel, changes still arrive through the version row, as without Redis.
          cacheMs = Math.min(cacheMs, CATALOGUE_CACHE_MS.withoutRedis);
          live.log?.warn({ err }, 'Could not subscribe to catalogue changes on Redis; re-reading the version every 2 s');
        }
      }
      await reload(true);
    },
    async stop() {
      await unsubscribe?.();
      unsubscribe = null;
      await pending?.catch(() => undefined);
    },
  };
}
