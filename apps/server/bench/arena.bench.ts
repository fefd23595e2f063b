/**
 * Arena leaderboard benchmark (issue 41): 10k, 100k and 1M synthetic votes (30 models, two- and
 * three-model votes, ties and "all bad", guests', unverified and uncounted rows, text and image)
 * are written straight into arena_votes, on SQLite and on PostgreSQL. At each size it times the
 * whole recompute of the all-time text leaderboard (the grouped query, the expansion, the fit and a
 * 200-replicate bootstrap) beside a floor measured in the same run: the same grouped SQL alone,
 * executed as compiled. Prints figures and ratios; asserts nothing.
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), in a schema of
 * its own, dropped afterwards; skipped with a note when it cannot be reached.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Insertable, sql } from 'kysely';
import pg from 'pg';
import { type Db, openDb } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { ArenaVotesTable } from '../src/db/types.js';
import { arenaCells, voteGroupsQuery } from '../src/features/arena/aggregate.js';
import { mulberry32 } from '../src/features/arena/random.js';
import { computeLeaderboard } from '../src/features/arena/ratings.js';
import { userRow } from '../src/test/user-row.js';

const SIZES = [10_000, 100_000, 1_000_000];
const MODELS = 30;
const ACCOUNTS = 2_000;
const RUNS = 3;
const ROWS_PER_INSERT = 2_000; // 12 columns: 24,000 parameters, under both databases' limits
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

// A seeded generator, so every run writes the same votes.
let rand = mulberry32(41);
/** True ratings spread over 600 points, so outcomes carry signal as real votes do. */
const RATINGS = Array.from({ length: MODELS }, (_, i) => 1300 - (600 * i) / (MODELS - 1));
const modelName = (i: number) => `model-${String(i).padStart(2, '0')}`;

/** Vote number i: 15% image, 25% three models, 15% ties, 5% all bad, 84% verified, 8% unverified, 8% guests, 3% uncounted. */
function syntheticVote(i: number, firstUser: number, now: number): Insertable<ArenaVotesTable> {
  const slots: number[] = [];
  const count = rand() < 0.25 ? 3 : 2;
  while (slots.length < count) {
    const m = Math.floor(rand() * MODELS);
    if (!slots.includes(m)) slots.push(m);
  }
  const weights = slots.map((m) => 10 ** ((RATINGS[m] as number) / 400));
  // Luce's choice rule: each model is best in proportion to its strength.
  let draw = rand() * weights.reduce((s, w) => s + w, 0);
  let best = 0;
  while (best < count - 1 && draw >= (weights[best] as number)) draw -= weights[best++] as number;
  const u = rand();
  const outcome = u < 0.15 ? 'tie' : u < 0.2 ? 'all_bad' : (['a', 'b', 'c'] as const)[best];
  const kind = rand();
  const voter = kind < 0.84 ? 'verified' : kind < 0.92 ? 'unverified' : 'guest';
  const createdAt = new Date(now - Math.floor(rand() * 120 * 86_400_000)).toISOString();
  return {
    comparison_id: i + 1,
    type: rand() < 0.15 ? 'image' : 'text',
    model_a: modelName(slots[0] as number),
    model_b: modelName(slots[1] as number),
    model_c: count === 3 ? modelName(slots[2] as number) : null,
    outcome,
    voter,
    user_id: voter === 'guest' ? null : firstUser + Math.floor(rand() * ACCOUNTS),
    guest_id: voter === 'guest' ? 1 + Math.floor(rand() * 50_000) : null,
    counted: rand() < 0.03 ? 0 : 1,
    created_at: createdAt,
    day: createdAt.slice(0, 10),
  };
}

/** Accounts for the votes, five of them excluded from the arena; returns the first id. */
async function seedAccounts(db: Db): Promise<number> {
  const t = new Date().toISOString();
  let first = 0;
  for (let i = 0; i < ACCOUNTS; i += 500) {
    const rows = Array.from({ length: 500 }, (_, j) =>
      userRow(`arena-${i + j}@bench.test`, `arena-${i + j}`, {
        credits: 0,
        created_at: t,
        email_verified: 1,
        arena_excluded: i + j < 5 ? 1 : 0,
      }),
    );
    const ids = await db.kysely.insertInto('users').values(rows).returning('id').execute();
    if (i === 0) first = ids[0]?.id as number;
  }
  return first;
}

/** Adds votes numbered from..to-1 in multi-row inserts inside one transaction. */
async function seedVotes(db: Db, from: number, to: number, firstUser: number, now: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    for (let start = from; start < to; start += ROWS_PER_INSERT) {
      const rows = [];
      for (let i = start; i < Math.min(to, start + ROWS_PER_INSERT); i++) rows.push(syntheticVote(i, firstUser, now));
      await trx.insertInto('arena_votes').values(rows).execute();
    }
  });
  if (db.dialect === 'postgres') await sql`analyze arena_votes`.execute(db.kysely);
}

/** The median of RUNS timings of work, after one warm-up run. */
async function median(work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)] as number;
}

interface Row {
  db: string;
  votes: number;
  ranked: number;
  groups: number;
  seedS: number;
  floorMs: number;
  recomputeMs: number;
  fitMs: number;
}

async function run(label: string, db: Db): Promise<Row[]> {
  const rows: Row[] = [];
  try {
    await migrateToLatest(db);
    const firstUser = await seedAccounts(db);
    const now = Date.now();
    let written = 0;
    for (const size of SIZES) {
      rand = mulberry32(size); // each size's new rows are the same on both databases
      const seeding = performance.now();
      await seedVotes(db, written, size, firstUser, now);
      const seedS = (performance.now() - seeding) / 1000;
      written = size;
      const filter = { type: 'text' as const };
      const compiled = voteGroupsQuery(db.kysely, filter).compile();
      const floorMs = await median(() => db.kysely.executeQuery(compiled));
      const groups = (await db.kysely.executeQuery(compiled)).rows.length;
      const recomputeMs = await median(async () => computeLeaderboard(await arenaCells(db.kysely, filter)));
      const cells = await arenaCells(db.kysely, filter);
      const fitMs = await median(async () => computeLeaderboard(cells));
      rows.push({ db: label, votes: size, ranked: cells.total, groups, seedS, floorMs, recomputeMs, fitMs });
      console.log(`${label}: ${size.toLocaleString('en-US')} votes written (${seedS.toFixed(1)} s), measured`);
    }
  } finally {
    await db.close();
  }
  return rows;
}

const results: Row[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'ensemble-bench-arena-'));
try {
  results.push(...(await run('SQLite', openDb({ dataDir }))));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const admin = new pg.Client({ connectionString: PG_URL });
const reachable = await admin.connect().then(
  () => true,
  (error: Error) => console.log(`PostgreSQL: skipped (${error.message})`),
);
if (reachable) {
  const schema = `bench_arena_${randomBytes(4).toString('hex')}`;
  await admin.query(`create schema ${schema}`);
  try {
    results.push(...(await run('PostgreSQL', openDb({ dataDir: tmpdir(), databaseUrl: PG_URL, pgSchema: schema }))));
  } finally {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
}

const pad = (value: string, width: number) => value.padStart(width);
console.log(`\nAll-time text leaderboard, ${MODELS} models, 200 replicates; median of ${RUNS} runs (ms)`);
console.log(
  `${'database'.padEnd(10)}${pad('votes', 11)}${pad('ranked', 9)}${pad('groups', 8)}${pad('floor', 9)}${pad('recompute', 11)}${pad('ratio', 7)}${pad('fit+boot', 10)}`,
);
for (const r of results) {
  console.log(
    `${r.db.padEnd(10)}${pad(r.votes.toLocaleString('en-US'), 11)}${pad(r.ranked.toLocaleString('en-US'), 9)}${pad(r.groups.toLocaleString('en-US'), 8)}${pad(r.floorMs.toFixed(1), 9)}` +
      `${pad(r.recomputeMs.toFixed(1), 11)}${pad((r.recomputeMs / r.floorMs).toFixed(2), 7)}${pad(r.fitMs.toFixed(1), 10)}`,
  );
}
console.log('ranked: the votes the board counts; groups: the rows the grouped query returns; floor: that query alone, compiled once;');
console.log('recompute: query + expansion + fit + bootstrap; ratio: recompute / floor; fit+boot: the fit and bootstrap alone');
process.exit(0);
