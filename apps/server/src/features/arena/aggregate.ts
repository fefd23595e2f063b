import type { Kysely } from 'kysely';
import type { ArenaVotesTable, Database } from '../../db/types.js';
import type { ArenaCells, PairCounts } from './ratings.js';

/** Which votes to count: one arena type, from `since` (ISO) on; with userId, only that user's own votes. */
export interface VotesFilter {
  type: ArenaVotesTable['type'];
  since?: string;
  userId?: number;
}

/** Identical votes counted together: the models in slot order (model_c null for two models), the outcome, how many. */
export interface VoteGroup {
  model_a: string;
  model_b: string;
  model_c: string | null;
  outcome: ArenaVotesTable['outcome'];
  n: number;
}

/** The slot a "best" outcome names. */
const WINNER_SLOT: Partial<Record<VoteGroup['outcome'], number>> = { a: 0, b: 1, c: 2 };

/** The ids of the accounts an operator excluded from the arena. */
const excludedAccounts = (db: Kysely<Database>) => db.selectFrom('users').select('id').where('arena_excluded', '=', 1);

/**
 * The one grouped query behind arenaCells: the counted votes per (models, outcome). Without userId,
 * only verified accounts' votes, not an excluded account's (the ranking); with userId, that user's
 * own counted votes whatever their voter kind or exclusion (a "my votes" board: an excluded account
 * seeing an empty board would learn it was excluded). Exported so the bench can time it alone.
 */
export function voteGroupsQuery(db: Kysely<Database>, filter: VotesFilter) {
  let query = db
    .selectFrom('arena_votes')
    .select(['model_a', 'model_b', 'model_c', 'outcome'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('type', '=', filter.type)
    .where('counted', '=', 1)
    .groupBy(['model_a', 'model_b', 'model_c', 'outcome']);
  if (filter.since !== undefined) query = query.where('created_at', '>=', filter.since);
  if (filter.userId !== undefined) return query.where('user_id', '=', filter.userId);
  // A verified vote always has its account's id, so `not in` never meets a null here.
  return query.where('voter', '=', 'verified').where('user_id', 'not in', excludedAccounts(db));
}

/** The pairwise games and per-model figures of the counted votes (see voteGroupsQuery for which). */
export async function arenaCells(db: Kysely<Database>, filter: VotesFilter): Promise<ArenaCells> {
  return expandVoteGroups(await voteGroupsQuery(db, filter).execute());
}

/**
 * Turns groups of votes into pairwise games. The best of three beats each of the other two (two
 * games; the other two play none); a tie or "all bad" is a tie between every pair (three games
 * for three models), and "all bad" is also counted for each model it names.
 */
export function expandVoteGroups(groups: VoteGroup[]): ArenaCells {
  const pairs = new Map<string, PairCounts>();
  const votes: Record<string, number> = {};
  const allBad: Record<string, number> = {};
  let total = 0;
  const pair = (x: string, y: string): PairCounts => {
    const [a, b] = x < y ? [x, y] : [y, x];
    const key = `${a}\u0000${b}`; // catalogue ids hold no NUL
    if (!pairs.has(key)) pairs.set(key, { a, b, winsA: 0, winsB: 0, ties: 0 });
    return pairs.get(key) as PairCounts;
  };
  for (const group of groups) {
    const n = Number(group.n);
    const models = group.model_c === null ? [group.model_a, group.model_b] : [group.model_a, group.model_b, group.model_c];
    const winner = WINNER_SLOT[group.outcome];
    // A 'c' on a two-model vote, or one model twice, cannot be judged: left out rather than failing the board.
    if ((winner !== undefined && winner >= models.length) || new Set(models).size < models.length) continue;
    total += n;
    for (const model of models) votes[model] = (votes[model] ?? 0) + n;
    if (winner !== undefined) {
      const best = models[winner];
      for (const other of models) {
        if (other === best) continue;
        const counts = pair(best, other);
        if (counts.a === best) counts.winsA += n;
        else counts.winsB += n;
      }
      continue;
    }
    for (let i = 0; i < models.length; i++) for (let j = i + 1; j < models.length; j++) pair(models[i], models[j]).ties += n;
    if (group.outcome === 'all_bad') for (const model of models) allBad[model] = (allBad[model] ?? 0) + n;
  }
  return { total, pairs: [...pairs.values()], votes, allBad };
}

/** Counted votes by guests and by unverified accounts (shown apart, never ranked); an excluded account's are left out. */
export async function arenaApartCounts(
  db: Kysely<Database>,
  filter: Omit<VotesFilter, 'userId'>,
): Promise<{ guest: number; unverified: number }> {
  let query = db
    .selectFrom('arena_votes')
    .select('voter')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('type', '=', filter.type)
    .where('counted', '=', 1)
    .where('voter', 'in', ['guest', 'unverified'])
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', 'not in', excludedAccounts(db))]))
    .groupBy('voter');
  if (filter.since !== undefined) query = query.where('created_at', '>=', filter.since);
  const counts = { guest: 0, unverified: 0 };
  for (const row of await query.execute()) if (row.voter === 'guest' || row.voter === 'unverified') counts[row.voter] = Number(row.n);
  return counts;
}
