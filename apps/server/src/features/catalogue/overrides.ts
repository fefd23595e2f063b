import { WEB_SEARCH_BACKENDS, type WebSearchBackend } from '@ensemble/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Redis } from 'ioredis';
import type { Database, ModelOverridesTable } from '../../db/types.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** An operator's settings for one row; null keeps the row's own value. */
export interface ModelOverride {
  enabled: boolean | null;
  cost: number | null;
  provider_model_id: string | null;
  fallbacks: string[] | null;
  /** Text rows: which search the row's web search uses (issue 38). */
  web_search: WebSearchBackend | null;
  /** Text rows: the credits a web search adds. */
  web_search_cost: number | null;
}

/** No operator settings: the row as built in (or as MODELS_FILE has it). */
export const NO_OVERRIDE: ModelOverride = {
  enabled: null,
  cost: null,
  provider_model_id: null,
  fallbacks: null,
  web_search: null,
  web_search_cost: null,
};

/** Everything operators set on the catalogue, at one version. */
export interface CatalogueOverrides {
  version: number;
  rows: ReadonlyMap<string, ModelOverride>;
  /** The favourites a first visit starts with, or null for the built-in shortlist. */
  favourites: string[] | null;
}

export const NO_OVERRIDES: CatalogueOverrides = { version: -1, rows: new Map(), favourites: null };

const parseList = (json: string | null): string[] | null => {
  if (json === null) return null;
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
};

/** A stored search choice, or null for one this version does not know. */
const parseBackend = (value: string | null): WebSearchBackend | null =>
  (WEB_SEARCH_BACKENDS as readonly string[]).includes(value ?? '') ? (value as WebSearchBackend) : null;

/** One stored row as an override. */
export function overrideOf(r: ModelOverridesTable): ModelOverride {
  return {
    enabled: r.enabled === null ? null : Number(r.enabled) === 1,
    cost: r.cost === null ? null : Number(r.cost),
    provider_model_id: r.provider_model_id,
    fallbacks: parseList(r.fallbacks_json),
    web_search: parseBackend(r.web_search),
    web_search_cost: r.web_search_cost === null ? null : Number(r.web_search_cost),
  };
}

/** The catalogue version every instance compares with its own. */
export async function readCatalogueVersion(db: Executor): Promise<number> {
  const row = await db.selectFrom('catalogue_state').select('version').where('id', '=', 1).executeTakeFirst();
  return row ? Number(row.version) : 0;
}

/** Reads every override and the default favourites. */
export async function loadOverrides(db: Executor): Promise<CatalogueOverrides> {
  const state = await db.selectFrom('catalogue_state').selectAll().where('id', '=', 1).executeTakeFirst();
  const rows = await db.selectFrom('model_overrides').selectAll().execute();
  return {
    version: state ? Number(state.version) : 0,
    favourites: parseList(state?.default_favourites_json ?? null),
    rows: new Map(rows.map((r) => [r.model_id, overrideOf(r)])),
  };
}

/** Stores one row's override (all of it) and bumps the version, inside the caller's transaction. */
export async function saveOverride(trx: Executor, modelId: string, o: ModelOverride, at: string): Promise<void> {
  const values = {
    enabled: o.enabled === null ? null : o.enabled ? 1 : 0,
    cost: o.cost,
    provider_model_id: o.provider_model_id,
    fallbacks_json: o.fallbacks === null ? null : JSON.stringify(o.fallbacks),
    web_search: o.web_search,
    web_search_cost: o.web_search_cost,
    updated_at: at,
  };
  await trx
    .insertInto('model_overrides')
    .values({ model_id: modelId, ...values })
    .onConflict((oc) => oc.column('model_id').doUpdateSet(values))
    .execute();
  await bumpVersion(trx, at);
}

/** Stores the default favourites (null: the built-in shortlist) and bumps the version. */
export async function saveFavourites(trx: Executor, favourites: string[] | null, at: string): Promise<void> {
  await trx
    .updateTable('catalogue_state')
    .set({ default_favourites_json: favourites === null ? null : JSON.stringify(favourites) })
    .where('id', '=', 1)
    .execute();
  await bumpVersion(trx, at);
}

/** Tells every instance's next version check that the catalogue changed. */
export async function bumpVersion(trx: Executor, at: string): Promise<void> {
  await trx
    .updateTable('catalogue_state')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: at }))
    .where('id', '=', 1)
    .execute();
}

/** How an instance hears that operators changed the catalogue. */
export interface CatalogueSignal {
  /** Tells every instance (this one included) to reload now. */
  publish(): Promise<void>;
  /** Calls `onChange` whenever any instance publishes; returns a stop function. */
  subscribe(onChange: () => void): Promise<() => Promise<void>>;
}

/** A Redis pub/sub channel shared by the instances of one deployment. */
export function redisCatalogueSignal(redis: Redis, channel: string): CatalogueSignal {
  return {
    async publish() {
      await redis.publish(channel, 'changed');
    },
    async subscribe(onChange) {
      const sub = redis.duplicate();
      sub.on('message', (ch) => {
        if (ch === channel) onChange();
      });
      // A reconnect may have missed a message: reload to be sure.
      sub.on('ready', onChange);
      sub.on('error', () => undefined);
      try {
        await sub.subscribe(channel);
      } catch (error) {
        sub.disconnect();
        throw error;
      }
      return async () => {
        sub.disconnect();
      };
    },
  };
}
