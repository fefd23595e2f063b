import { type AdminProviderRow, PROVIDERS, PROVIDER_LABELS, type ProviderId } from '@ensemble/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { ServerCatalogue } from '../catalogue/service.js';
import { listAdminModels } from './models-service.js';

/** How one reply went at its provider. */
export interface ReplyOutcome {
  /** The provider of the row that answered (or, on a failure, of the row that was asked). */
  provider: ProviderId;
  kind: 'text' | 'image';
  modelId: string;
  /** The ProviderError kind ('internal' for anything else), or null for a reply that arrived. */
  errorKind: string | null;
  /** Time to the first token (text replies that produced one). */
  ttftMs: number | null;
}

/** The Providers view looks back this far; rows older than KEEP_MS are removed. */
export const OUTCOME_WINDOW_MS = 60 * 60_000;
const KEEP_MS = 2 * OUTCOME_WINDOW_MS;
const PRUNE_EVERY_MS = 60_000;
/** When each instance (its database handle) last pruned. */
const lastPrune = new WeakMap<Kysely<Database>, number>();

/** Records a reply's outcome in the shared table (never fails the reply); prunes old rows about once a minute. */
export async function recordOutcome(db: Kysely<Database>, outcome: ReplyOutcome, log?: FastifyBaseLogger): Promise<void> {
  try {
    const at = Date.now();
    await outcomeInsert(db, outcome, at).execute();
    await pruneOutcomes(db, at);
  } catch (err) {
    log?.warn({ err }, 'recording a reply outcome failed');
  }
}

/** The insert of an outcome recorded at `at`, not yet run (to run inside a larger statement). */
export function outcomeInsert(db: Kysely<Database>, outcome: ReplyOutcome, at: number) {
  return db.insertInto('provider_outcomes').values(outcomeValues(outcome, at));
}

/** The provider_outcomes row of an outcome recorded at `at`. */
export function outcomeValues(outcome: ReplyOutcome, at: number) {
  return {
    provider: outcome.provider,
    kind: outcome.kind,
    model_id: outcome.modelId,
    error_kind: outcome.errorKind,
    ttft_ms: outcome.ttftMs,
    created_at: new Date(at).toISOString(),
  };
}

/** Removes outcomes older than KEEP_MS, at most about once a minute per instance. */
export async function pruneOutcomes(db: Kysely<Database>, at: number): Promise<void> {
  if (at - (lastPrune.get(db) ?? 0) < PRUNE_EVERY_MS) return;
  lastPrune.set(db, at);
  await db
    .deleteFrom('provider_outcomes')
    .where('created_at', '<', new Date(at - KEEP_MS).toISOString())
    .execute();
}

/** The value below which `p` of the sorted values lie (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] as number;
}

/** Per provider for the last hour, from every instance's recorded replies. */
export async function providersReport(db: Kysely<Database>, catalogue: ServerCatalogue): Promise<AdminProviderRow[]> {
  const since = new Date(Date.now() - OUTCOME_WINDOW_MS).toISOString();
  const outcomes = await db
    .selectFrom('provider_outcomes')
    .select(['provider', 'error_kind', 'ttft_ms'])
    .where('created_at', '>=', since)
    .execute();
  const { models } = await listAdminModels(catalogue);
  return PROVIDERS.map((provider) => {
    const mine = outcomes.filter((o) => o.provider === provider);
    const failed = mine.filter((o) => o.error_kind !== null);
    const byKind = new Map<string, number>();
    for (const o of failed) byKind.set(o.error_kind as string, (byKind.get(o.error_kind as string) ?? 0) + 1);
    const ttfts = mine
      .map((o) => (o.ttft_ms === null ? null : Number(o.ttft_ms)))
      .filter((v): v is number => v !== null)
      .sort((a, b) => a - b);
    return {
      id: provider,
      label: PROVIDER_LABELS[provider],
      mode: catalogue.providerMode(provider),
      models: models
        .filter((m) => m.provider === provider && m.enabled && m.availability !== 'no_provider')
        .map((m) => ({ id: m.id, name: m.name, availability: m.availability })),
      replies: mine.length,
      failed: failed.length,
      errors: [...byKind]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([kind, count]) => ({ kind, count, rate: count / mine.length })),
      ttft_p50_ms: percentile(ttfts, 0.5),
      ttft_p95_ms: percentile(ttfts, 0.95),
    };
  });
}
