/**
 * Search benchmark: 10,000 threads and 200,000 messages (100 accounts, 100 threads each, 20 messages
 * per thread) seeded directly in the database, then the search service answers a mix of queries for
 * random accounts: common and rare words, two words, short prefixes, accented spellings. Runs on
 * SQLite and on PostgreSQL (BENCH_DATABASE_URL, default the local test database, in a schema of its
 * own, dropped afterwards). Prints figures; asserts nothing. Goal: p95 under 50 ms on each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { type Db, openDb } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { searchThreads } from '../src/features/search/service.js';
import type { Identity } from '../src/features/session/service.js';

const USERS = 100;
const THREADS_PER_USER = 100;
const MESSAGES_PER_THREAD = 20;
const QUERIES = 400;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

// A deterministic generator, so every run searches the same data.
let seed = 42;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'to', 'vi', 'ze', 'po', 'da', 'fe', 'gu', 'hi', 'jo', 'be'];
const ACCENTED = ['café', 'naïve', 'résumé', 'crème', 'brûlée', 'façade', 'jalapeño', 'über', 'Ångström', 'piñata'];
const VOCABULARY: string[] = [...ACCENTED];
while (VOCABULARY.length < 5000) {
  const n = 2 + Math.floor(rand() * 3);
  let w = '';
  for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
  VOCABULARY.push(w);
}
// Skewed like real text: a few words are everywhere, most are rare.
const word = () => VOCABULARY[Math.floor(VOCABULARY.length * rand() ** 3)] as string;
const sentence = (min: number, max: number) => Array.from({ length: min + Math.floor(rand() * (max - min)) }, word).join(' ');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function seedData(db: Db): Promise<number[]> {
  const k = db.kysely;
  const t0 = new Date().toISOString();
  const users: number[] = [];
  for (let u = 0; u < USERS; u++) {
    const row = await k
      .insertInto('users')
      .values({
        email: `bench-${u}@example.test`,
        username: `bench-${u}`,
        password_hash: null,
        google_sub: null,
        picture: null,
        credits: 100,
        credits_used: 0,
        subscription_tier: 'free',
        subscription_status: 'none',
        subscription_end_date: null,
        stripe_customer_id: null,
        stripe_subscription_id: null,
        created_at: t0,
        updated_at: t0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    users.push(row.id);
  }
  for (const userId of users) {
    await k.transaction().execute(async (trx) => {
      const threads = await trx
        .insertInto('threads')
        .values(
          Array.from({ length: THREADS_PER_USER }, () => ({
            user_id: userId,
            guest_id: null,
            title: sentence(2, 6),
            message_count: MESSAGES_PER_THREAD,
            current_leaf_id: null,
            system_prompt: null,
            temperature: null,
            max_output_tokens: null,
            created_at: t0,
            updated_at: t0,
          })),
        )
        .returning('id')
        .execute();
      const rows = threads.flatMap((t) =>
        Array.from({ length: MESSAGES_PER_THREAD }, (_, i) => ({
          thread_id: t.id,
          parent_id: null,
          role: i % 2 === 0 ? 'user' : 'assistant',
          type: 'text',
          content: i % 2 === 0 ? sentence(5, 30) : sentence(30, 150),
          model: null,
          metadata: null,
          status: 'complete',
          created_at: t0,
          updated_at: t0,
        })),
      );
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto('messages')
          .values(rows.slice(i, i + 500))
          .execute();
    });
  }
  return users;
}

const KINDS = ['common word', 'any word', 'two words', '2-letter word', 'word + 3-letter prefix', 'unaccented spelling'];

function queries(): string[] {
  const out: string[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const kind = i % 6;
    const common = VOCABULARY[Math.floor(rand() * 30)] as string;
    const any = VOCABULARY[Math.floor(rand() * VOCABULARY.length)] as string;
    if (kind === 0) out.push(common);
    else if (kind === 1) out.push(any);
    else if (kind === 2) out.push(`${common} ${any}`);
    else if (kind === 3) out.push(any.slice(0, 2));
    else if (kind === 4) out.push(`${word()} ${any.slice(0, 3)}`);
    else out.push(ACCENTED[i % ACCENTED.length]?.normalize('NFD').replace(/\p{M}/gu, '') as string);
  }
  return out;
}

async function run(name: string, db: Db): Promise<void> {
  try {
    await migrateToLatest(db);
    const seeded = performance.now();
    const users = await seedData(db);
    if (db.dialect === 'postgres') await sql`analyze`.execute(db.kysely);
    console.log(
      `${name}: seeded ${USERS * THREADS_PER_USER} threads and ${USERS * THREADS_PER_USER * MESSAGES_PER_THREAD} messages in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const qs = queries();
    const who = (i: number): Identity => ({ kind: 'user', userId: users[i % users.length] as number, guestId: null, sessionHash: '' });
    for (let i = 0; i < 20; i++) await searchThreads(db, who(i), qs[i] as string, 20); // warm-up
    const times: number[] = [];
    const byKind: number[][] = KINDS.map(() => []);
    let hits = 0;
    for (let i = 0; i < qs.length; i++) {
      const t0 = performance.now();
      hits += (await searchThreads(db, who(i * 7), qs[i] as string, 20)).length;
      const ms = performance.now() - t0;
      times.push(ms);
      byKind[i % KINDS.length]?.push(ms);
    }
    times.sort((a, b) => a - b);
    const kinds = KINDS.map(
      (k, i) =>
        `${k} ${percentile(
          (byKind[i] as number[]).sort((a, b) => a - b),
          95,
        ).toFixed(1)}`,
    ).join(', ');
    console.log(
      `${name}: ${qs.length} searches (${(hits / qs.length).toFixed(1)} results each on average), p50 ${percentile(times, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(times, 95).toFixed(1)} ms, max ${(times.at(-1) as number).toFixed(1)} ms (goal: p95 < 50 ms)`,
    );
    console.log(`${name}: p95 by kind (ms): ${kinds}`);
  } finally {
    await db.close();
  }
}

const only = process.env.BENCH_SEARCH_ONLY; // 'sqlite' or 'postgres' to run one
const dataDir = mkdtempSync(path.join(tmpdir(), 'ensemble-bench-search-'));
try {
  if (only !== 'postgres') await run('SQLite', openDb({ dataDir }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (only === 'sqlite') process.exit(0);
const schema = `bench_search_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: PG_URL });
try {
  await admin.connect();
} catch (error) {
  console.log(`PostgreSQL: skipped, cannot connect to ${PG_URL} (${(error as Error).message})`);
  process.exit(0);
}
try {
  await admin.query(`create schema ${schema}`);
  await run('PostgreSQL', openDb({ dataDir: tmpdir(), databaseUrl: PG_URL, pgSchema: schema }));
} finally {
  await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
}
process.exit(0);
