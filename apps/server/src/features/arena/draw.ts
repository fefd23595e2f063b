import { randomInt } from 'node:crypto';
import { AppError, type ModelEntry } from '@ensemble/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { ServerCatalogue } from '../catalogue/service.js';

/** The models of a blind comparison, in slot order, and what they cost together. */
export interface Drawn {
  models: ModelEntry[];
  /** All on the demo provider (its votes never count). */
  demo: boolean;
  cost: number;
}

/**
 * The rows a blind comparison may take: shown, of the type, answerable now by their own provider (no fallback may
 * answer for them), each with whether the demo provider answers it.
 */
async function arenaRows(catalogue: ServerCatalogue, type: 'text' | 'image'): Promise<{ model: ModelEntry; demo: boolean }[]> {
  const list = await catalogue.list();
  const rows = type === 'text' ? list.text_models : list.image_models;
  const out: { model: ModelEntry; demo: boolean }[] = [];
  for (const model of rows) {
    if (type === 'text' && model.stream === false) continue;
    const resolved = await catalogue.resolve(model);
    if (!resolved?.chain.some((c) => c.model.id === model.id)) continue;
    out.push({ model, demo: resolved.adapter.demo });
  }
  return out;
}

/** Votes each pair of models has had (a three-model vote counts for each of its pairs). */
async function pairVotes(db: Kysely<Database>, type: 'text' | 'image'): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('arena_votes')
    .select(['model_a', 'model_b', 'model_c', (eb) => eb.fn.countAll<number>().as('n')])
    .where('type', '=', type)
    .where('counted', '=', 1)
    .groupBy(['model_a', 'model_b', 'model_c'])
    .execute();
  const counts = new Map<string, number>();
  for (const r of rows) {
    const models = [r.model_a, r.model_b, r.model_c].filter((m): m is string => m !== null);
    for (let i = 0; i < models.length; i++)
      for (let j = i + 1; j < models.length; j++) {
        const key = pairKey(models[i] as string, models[j] as string);
        counts.set(key, (counts.get(key) ?? 0) + Number(r.n));
      }
  }
  return counts;
}

const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/** The slots in a random order, so slot a says nothing of which model was asked for or drawn first. */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * Draws two models for a blind comparison, or checks the two or three the user picked. Models go together only at
 * the same credit cost (the cost would give them away) and only all on real providers or all on the demo provider
 * (real ones first: demo votes never count), and only at `cost` each when it is given. The draw favours pairs with few votes: a pair's chance is in proportion
 * to 1 / (1 + its votes).
 */
export async function drawModels(
  db: Kysely<Database>,
  catalogue: ServerCatalogue,
  type: 'text' | 'image',
  picked?: string[],
  cost?: number,
): Promise<Drawn> {
  const rows = await arenaRows(catalogue, type);
  if (picked) {
    if (new Set(picked).size !== picked.length) throw new AppError('bad_request', 'Invalid request: models: each model may be picked once');
    const chosen = picked.map((id) => rows.find((r) => r.model.id === id));
    const missing = picked.filter((_, i) => !chosen[i]);
    if (missing.length) throw new AppError('bad_request', `Invalid request: models: ${missing.join(', ')} cannot be compared blind now`);
    const found = chosen as { model: ModelEntry; demo: boolean }[];
    if (new Set(found.map((r) => r.model.cost)).size > 1)
      throw new AppError('bad_request', 'Invalid request: models: a blind comparison takes models of the same credit cost');
    if (new Set(found.map((r) => r.demo)).size > 1)
      throw new AppError(
        'bad_request',
        'Invalid request: models: a blind comparison takes models that are all on the demo provider or none',
      );
    const models = shuffled(found.map((r) => r.model));
    return { models, demo: found[0]?.demo ?? false, cost: models.reduce((sum, m) => sum + m.cost, 0) };
  }
  const votes = await pairVotes(db, type);
  const pairsOf = (demo: boolean) => {
    const pool = rows.filter((r) => r.demo === demo);
    const pairs: { a: ModelEntry; b: ModelEntry; weight: number }[] = [];
    for (let i = 0; i < pool.length; i++)
      for (let j = i + 1; j < pool.length; j++) {
        const a = (pool[i] as { model: ModelEntry }).model;
        const b = (pool[j] as { model: ModelEntry }).model;
        if (a.cost !== b.cost || (cost !== undefined && a.cost !== cost)) continue;
        pairs.push({ a, b, weight: 1 / (1 + (votes.get(pairKey(a.id, b.id)) ?? 0)) });
      }
    return pairs;
  };
  let demo = false;
  let pairs = pairsOf(false);
  if (pairs.length === 0) {
    demo = true;
    pairs = pairsOf(true);
  }
  if (pairs.length === 0)
    throw new AppError(
      'bad_request',
      cost === undefined
        ? 'No two models of the same cost can be compared blind now.'
        : `No two ${cost}-credit models can be compared blind now.`,
    );
  // A weighted pick with integer weights (a millionth each), so crypto's uniform integers draw it.
  const scaled = pairs.map((p) => Math.max(1, Math.round(p.weight * 1_000_000)));
  let at = randomInt(scaled.reduce((s, w) => s + w, 0));
  let pick = pairs[0] as (typeof pairs)[number];
  for (let i = 0; i < pairs.length; i++) {
    at -= scaled[i] as number;
    if (at < 0) {
      pick = pairs[i] as (typeof pairs)[number];
      break;
    }
  }
  const models = shuffled([pick.a, pick.b]);
  return { models, demo, cost: pick.a.cost + pick.b.cost };
}
