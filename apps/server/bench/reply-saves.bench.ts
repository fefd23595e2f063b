/**
 * Search-index benchmark of a chat's writes. A streaming reply is saved about once a second. Each
 * save used to re-index the reply's whole text for search; since migration 016 a reply is indexed
 * once, when it stops streaming. This times 320 saves (20 replies of 16 saves, 50 to 800 words)
 * with the search triggers as migration 015 left them and again after 016. Every chat's admission
 * also updates its thread, naming the title (set to itself after the first prompt), which
 * re-indexed the title until migration 017: this times 500 such updates after 016 and after 017.
 * On SQLite and on PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test; a throw-away schema). Prints figures; asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_THREAD_TITLE } from '@ensemble/shared';
import { type Kysely, Migrator, sql } from 'kysely';
import pg from 'pg';
import { type Db, now, openDb } from '../src/db/connection.js';
import { migrations } from '../src/db/migrations/index.js';
import { insertMessage, updateMessage } from '../src/features/messages/store.js';
import { seedGuestThread } from '../src/test/seed-rows.js';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REPLIES = 20;
const SAVES = 16;
const WORDS = 'the quick brown fox jumps over lazy dogs while relays stream tokens into saved replies'.split(' ');

/** Mean time of one streaming save, in µs, over REPLIES replies that grow by 50 words a save. */
async function meanSave(db: Db, threadId: number): Promise<number> {
  let total = 0;
  for (let r = 0; r < REPLIES; r++) {
    const id = await insertMessage(db.kysely, {
      threadId,
      role: 'assistant',
      type: 'text',
      content: '',
      model: 'gpt-4o',
      metadata: null,
      status: 'streaming',
      touchThread: false,
    });
    let content = '';
    for (let s = 0; s < SAVES; s++) {
      for (let w = 0; w < 50; w++) content += `${WORDS[(s * 50 + w) % WORDS.length]}${w % 7} `;
      const started = performance.now();
      await updateMessage(db.kysely, id, { content, status: 'streaming' });
      total += performance.now() - started;
    }
    await updateMessage(db.kysely, id, { content, status: 'complete' });
  }
  return (total * 1000) / (REPLIES * SAVES);
}

const TOUCHES = 500;

/** Mean time of the thread update every chat's admission makes (as admission-sqlite.ts writes it), in µs. */
async function meanTouch(db: Db, threadId: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < TOUCHES; i++)
    await sql`update threads set updated_at = ${now()}, message_count = message_count + 2,
      title = case when message_count = 0 and title = ${DEFAULT_THREAD_TITLE} then 'Never' else title end
      where id = ${threadId}`.execute(db.kysely);
  return ((performance.now() - started) * 1000) / TOUCHES;
}

async function run(kind: 'sqlite' | 'pg'): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ensemble-bench-saves-'));
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = kind === 'pg' ? new pg.Client({ connectionString: PG_URL }) : null;
  if (admin) {
    await admin.connect();
    await admin.query(`create schema ${schema}`);
  }
  const db = openDb({ dataDir: dir, ...(admin ? { databaseUrl: PG_URL, pgSchema: schema } : {}) });
  try {
    const migrator = new Migrator({
      db: db.kysely as Kysely<unknown>,
      provider: { getMigrations: async () => Object.fromEntries(Object.entries(migrations).map(([n, m]) => [n, m(db.dialect)])) },
      ...(admin ? { migrationTableSchema: schema } : {}),
    });
    const step = async (to: string) => {
      const { error } = await migrator.migrateTo(to);
      if (error) throw error;
    };
    await step('015-message-paging');
    const { threadId } = await seedGuestThread(db.kysely, 'Bench');
    const before = await meanSave(db, threadId);
    await step('016-search-finished-replies');
    const after = await meanSave(db, threadId);
    const touchBefore = await meanTouch(db, threadId);
    await step('017-search-title-changes');
    const touchAfter = await meanTouch(db, threadId);
    const name = kind === 'pg' ? 'PostgreSQL' : 'SQLite';
    console.log(
      `  ${name}: a streaming save ${before.toFixed(0)} µs before migration 016, ${after.toFixed(0)} µs after (${(before / after).toFixed(1)}x)`,
    );
    console.log(
      `  ${name}: a chat's thread update ${touchBefore.toFixed(0)} µs before migration 017, ${touchAfter.toFixed(0)} µs after (${(touchBefore / touchAfter).toFixed(1)}x)`,
    );
  } finally {
    await db.close();
    if (admin) {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`Search index: ${REPLIES} replies x ${SAVES} streaming saves, 50 to 800 words; ${TOUCHES} chats' thread updates`);
await run('sqlite');
try {
  await run('pg');
} catch (error) {
  console.log(`  PostgreSQL skipped: ${(error as Error).message}`);
}
