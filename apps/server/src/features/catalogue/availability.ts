import type { ModelEntry, ProviderId } from '@ensemble/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { now } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import { isServed, listServedModels } from '../../providers/model-listing.js';
import { bumpVersion } from './overrides.js';
import type { ProviderSettings } from '../../providers/types.js';

/** A row served by a real provider, with the id that provider knows it by. */
export interface CheckedRow {
  model: ModelEntry;
  providerModelId: string;
}

/** Which rows their provider does not serve now, shared by every instance through the database. */
export interface AvailabilityStore {
  /** Row id -> the provider model id that was found missing. */
  unavailable(): Promise<Map<string, string>>;
  /** A request met "model not found": hide the row at once, until a listing shows it again. */
  markNotFound(row: CheckedRow): Promise<void>;
  /** Applies one provider's listing to its rows; warns once per row that newly went missing. */
  applyListing(rows: CheckedRow[], served: ReadonlySet<string>): Promise<void>;
}

/**
 * The store over the model_availability table. Every change it records bumps the catalogue version,
 * so instances hold the table in their catalogue snapshot instead of reading it for each chat, and
 * then calls `onChange` (the catalogue reloads here at once and tells the other instances).
 */
export function createAvailabilityStore(
  db: Kysely<Database>,
  log: Pick<FastifyBaseLogger, 'warn'>,
  onChange: () => Promise<void> = async () => {},
): AvailabilityStore {
  // A write that changed rows bumps the catalogue version in the same transaction.
  const changeWithVersion = (write: (trx: Transaction<Database>) => Promise<bigint | undefined>) =>
    db.transaction().execute(async (trx) => {
      if (Number((await write(trx)) ?? 0) === 0) return false;
      await bumpVersion(trx, now());
      return true;
    });
  // Insert-if-absent, so that of all instances only the one that records the change warns about it.
  const markMissing = async (row: CheckedRow, reason: 'unlisted' | 'not_found') => {
    const inserted = await changeWithVersion(async (trx) => {
      const added = await trx
        .insertInto('model_availability')
        .values({ model_id: row.model.id, provider: row.model.provider, provider_model_id: row.providerModelId, reason, updated_at: now() })
        .onConflict((oc) => oc.column('model_id').doNothing())
        .executeTakeFirst();
      return added.numInsertedOrUpdatedRows;
    });
    if (inserted) {
      log.warn(
        { model: row.model.id, provider: row.model.provider, providerModelId: row.providerModelId, reason },
        `Model ${row.model.id} is not served by ${row.model.provider} as ${row.providerModelId}; ${row.model.fallbacks?.length ? 'its fallbacks answer it' : 'it is hidden'}`,
      );
      await onChange();
    }
  };
  return {
    async unavailable() {
      const rows = await db.selectFrom('model_availability').select(['model_id', 'provider_model_id']).execute();
      return new Map(rows.map((r) => [r.model_id, r.provider_model_id]));
    },
    markNotFound: (row) => markMissing(row, 'not_found'),
    async applyListing(rows, served) {
      // Every served row in one statement: a listing usually changes nothing.
      const servedIds = rows.filter((row) => isServed(row.providerModelId, served)).map((row) => row.model.id);
      const shownAgain =
        servedIds.length > 0 &&
        (await changeWithVersion(
          async (trx) => (await trx.deleteFrom('model_availability').where('model_id', 'in', servedIds).executeTakeFirst()).numDeletedRows,
        ));
      for (const row of rows) if (!isServed(row.providerModelId, served)) await markMissing(row, 'unlisted');
      if (shownAgain) await onChange();
    },
  };
}

/** What the periodic check needs. */
export interface AvailabilityCheckOptions {
  store: AvailabilityStore;
  settings: ProviderSettings;
  /** Every row answered by a real (keyed) provider (a function: asked again each round, as operators re-map rows). */
  rows: CheckedRow[] | (() => CheckedRow[]);
  log: FastifyBaseLogger;
  /** Delay before a failed provider is asked again (default one minute, never beyond the interval). */
  retryMs?: number;
}

/**
 * Asks each keyed provider which models it serves, at once (without holding up the start) and then
 * every `settings.availabilityIntervalMs`. A provider whose list call fails keeps its rows as they
 * are and is asked again after `retryMs`. `firstCheck` settles when the first round is done.
 */
export function startAvailabilityChecks(options: AvailabilityCheckOptions): { stop(): void; firstCheck: Promise<void> } {
  const { store, settings, log } = options;
  const interval = settings.availabilityIntervalMs;
  const retryMs = Math.min(options.retryMs ?? 60_000, interval > 0 ? interval : Number.POSITIVE_INFINITY);
  const timers = new Set<NodeJS.Timeout>();
  // Aborted on stop; also cuts the listing calls in flight, so a shutdown does not wait out a silent provider's deadline.
  const stopping = new AbortController();
  const stopped = () => stopping.signal.aborted;
  const later = (fn: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped()) fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  };
  const rowsByProvider = () => {
    const byProvider = new Map<ProviderId, CheckedRow[]>();
    const rows = typeof options.rows === 'function' ? options.rows() : options.rows;
    for (const row of rows) byProvider.set(row.model.provider, [...(byProvider.get(row.model.provider) ?? []), row]);
    return byProvider;
  };

  const check = async (provider: ProviderId, rows: CheckedRow[]) => {
    const apiKey = settings.keys[provider];
    if (!apiKey || stopped()) return;
    try {
      const replicateIds = provider === 'replicate' ? rows.map((r) => r.providerModelId) : [];
      const served = await listServedModels(provider, { apiKey, baseUrl: settings.baseUrls[provider] }, replicateIds, stopping.signal);
      if (served && !stopped()) await store.applyListing(rows, served);
    } catch (error) {
      if (stopped()) return;
      log.warn({ provider, err: error instanceof Error ? error.message : String(error) }, `Could not list ${provider} models; retrying`);
      if (Number.isFinite(retryMs)) later(() => void check(provider, rows), retryMs);
    }
  };
  // The next round is timed from the end of this one: rounds never overlap, so a short interval
  // cannot pile listing calls and their writes onto the database faster than they finish.
  const checkAll = async () => {
    try {
      await Promise.all([...rowsByProvider()].map(([provider, rows]) => check(provider, rows)));
    } finally {
      if (interval > 0) later(() => void checkAll(), interval);
    }
  };
  return {
    firstCheck: checkAll(),
    stop() {
      stopping.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
