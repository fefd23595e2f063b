import { expireImageComparisons } from './image-arena.js';
import { ARENA, type ArenaLeaderboard, type LeaderboardModel } from '@ensemble/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.js';
import { now } from '../../db/connection.js';
import { arenaApartCounts, arenaCells } from './aggregate.js';
import { type RatedModel, computeLeaderboard, computeRatingsOnly } from './ratings.js';

type ArenaType = 'text' | 'image';
type Period = 'all' | '30d';

const DAY_MS = 86_400_000;
/** A last-30-days board moves with the clock: it is recomputed at least this often even without new votes. */
const ROLLING_REFRESH_MS = 3_600_000;
/** An instance that took a recompute and did not finish (it died) is taken over after this long. */
const CLAIM_MS = 60_000;
/** How often each instance looks for new votes to rank; a vote or a read of the board looks within a second. */
const REFRESH_EVERY_MS = 60_000;

const sinceOf = (period: Period, at = Date.now()) => (period === '30d' ? new Date(at - 30 * DAY_MS).toISOString() : undefined);

const shown = (m: RatedModel & { rank?: number }): LeaderboardModel => ({
  model: m.model,
  rating: Math.round(m.rating * 10) / 10,
  ci_low: Math.round(m.ci_low * 10) / 10,
  ci_high: Math.round(m.ci_high * 10) / 10,
  votes: m.votes,
  win_rate: Math.round(m.win_rate * 10_000) / 10_000,
  rank: m.rank ?? null,
  wins: m.wins,
  losses: m.losses,
  ties: m.ties,
  all_bad: m.all_bad,
});

/** The ranked leaderboard of one type and period, computed from the votes now (ratings, bootstrap intervals, ranks). */
export async function computeBoard(db: Db, type: ArenaType, period: Period): Promise<ArenaLeaderboard> {
  const since = sinceOf(period);
  const filter = { type, ...(since ? { since } : {}) };
  const [cells, apart] = await Promise.all([arenaCells(db.kysely, filter), arenaApartCounts(db.kysely, filter)]);
  const board = computeLeaderboard(cells, { minVotes: ARENA.minVotes });
  return {
    status: 'success',
    type,
    period,
    mine: false,
    models: board.models.map(shown),
    provisional: board.provisional.map(shown),
    matrix: board.matrix,
    votes: board.votes,
    apart: { guests: apart.guest, unverified: apart.unverified },
    min_votes: ARENA.minVotes,
    computed_at: now(),
  };
}

/** "My votes only": one account's own counted votes, on demand, with ratings but no intervals. */
export async function personalBoard(db: Db, userId: number, type: ArenaType, period: Period): Promise<ArenaLeaderboard> {
  const since = sinceOf(period);
  const cells = await arenaCells(db.kysely, { type, userId, ...(since ? { since } : {}) });
  const board = computeRatingsOnly(cells);
  return {
    status: 'success',
    type,
    period,
    mine: true,
    models: board.models.map((m) => ({ ...shown({ ...m, ci_low: 0, ci_high: 0 }), ci_low: null, ci_high: null })),
    provisional: [],
    matrix: board.matrix,
    votes: board.votes,
    apart: { guests: 0, unverified: 0 },
    min_votes: ARENA.minVotes,
    computed_at: now(),
  };
}

async function newestVote(db: Db, type: ArenaType): Promise<number> {
  const row = await db.kysely
    .selectFrom('arena_votes')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('type', '=', type)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * Recomputes a stored leaderboard when votes came since (or an account was excluded, or a rolling board aged), on
 * one instance at a time: the instance that claims the row computes it and stores it whole; the others keep
 * answering the stored one. The bootstrap is seeded, so any instance would store the same figures.
 */
export async function refreshBoard(db: Db, type: ArenaType, period: Period, at = Date.now()): Promise<void> {
  const newest = await newestVote(db, type);
  const row = await db.kysely
    .selectFrom('arena_leaderboards')
    .select(['max_vote_id', 'computed_at'])
    .where('type', '=', type)
    .where('scope', '=', period)
    .executeTakeFirst();
  const aged = period === '30d' && row !== undefined && at - Date.parse(row.computed_at) >= ROLLING_REFRESH_MS;
  if (row && Number(row.max_vote_id) === newest && !aged) return;
  const claimedAt = new Date(at).toISOString();
  if (!row) {
    // The first board of its kind: the row is the claim (one instance inserts it).
    const inserted = await db.kysely
      .insertInto('arena_leaderboards')
      .values({ type, scope: period, body: '', computed_at: claimedAt, max_vote_id: -1, claimed_at: claimedAt })
      .onConflict((oc) => oc.columns(['type', 'scope']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
  } else {
    const claimed = await db.kysely
      .updateTable('arena_leaderboards')
      .set({ claimed_at: claimedAt })
      .where('type', '=', type)
      .where('scope', '=', period)
      .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', new Date(at - CLAIM_MS).toISOString())]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
  }
  try {
    const board = await computeBoard(db, type, period);
    await db.kysely
      .updateTable('arena_leaderboards')
      .set({ body: JSON.stringify(board), computed_at: board.computed_at ?? now(), max_vote_id: newest, claimed_at: null })
      .where('type', '=', type)
      .where('scope', '=', period)
      .execute();
  } catch (error) {
    await db.kysely
      .updateTable('arena_leaderboards')
      .set({ claimed_at: null })
      .where('type', '=', type)
      .where('scope', '=', period)
      .execute();
    throw error;
  }
}

/** The stored leaderboard (as last recomputed); computed now, once, when none was stored yet. */
export async function storedBoard(db: Db, type: ArenaType, period: Period): Promise<ArenaLeaderboard> {
  const read = () =>
    db.kysely.selectFrom('arena_leaderboards').select('body').where('type', '=', type).where('scope', '=', period).executeTakeFirst();
  let row = await read();
  if (!row?.body) {
    await refreshBoard(db, type, period);
    row = await read();
  }
  // Another instance is computing the first one: answer the same figures, computed here.
  return row?.body ? (JSON.parse(row.body) as ArenaLeaderboard) : computeBoard(db, type, period);
}

const BOARDS: [ArenaType, Period][] = [
  ['text', 'all'],
  ['text', '30d'],
  ['image', 'all'],
  ['image', '30d'],
];

/**
 * Keeps the stored leaderboards fresh on this instance: every minute, and within a second after a vote or a read of
 * a board here (`nudge`; a board with nothing new is left as it is).
 * Instances share the work through refreshBoard's claim. stop() waits for a recompute under way.
 */
export function startLeaderboardRefresh(db: Db, log: FastifyBaseLogger, everyMs = REFRESH_EVERY_MS) {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let dueAt = 0;
  const runAll = async () => {
    // Image comparisons left unvoted for a day expire (their pictures join the gallery), on whichever instance looks.
    await expireImageComparisons(db).catch((err) => log.error({ err }, 'expiring unvoted image comparisons failed'));
    for (const [type, period] of BOARDS) {
      if (stopped) return;
      await refreshBoard(db, type, period).catch((err) => log.error({ err, type, period }, 'arena leaderboard recompute failed'));
    }
  };
  const schedule = (ms: number) => {
    clearTimeout(timer);
    dueAt = Date.now() + ms;
    timer = setTimeout(() => {
      dueAt = Number.POSITIVE_INFINITY;
      running = runAll().finally(() => {
        if (!stopped) schedule(everyMs);
      });
    }, ms);
    timer.unref();
  };
  schedule(Math.min(everyMs, 5_000));
  return {
    /** A vote was cast or a board read here: look within a second rather than at the next tick. */
    nudge() {
      // Only ever sooner: a stream of votes cannot keep putting the recompute off.
      if (!stopped && dueAt - Date.now() > 1_000 && dueAt !== Number.POSITIVE_INFINITY) schedule(1_000);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
