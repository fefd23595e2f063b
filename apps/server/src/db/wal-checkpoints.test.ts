import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DB } from '../test/app-factory.js';
import { type Db, openDb } from './connection.js';
import type { WalCheckpointOptions } from './wal-checkpoints.js';

const size = (file: string) => (existsSync(file) ? statSync(file).size : 0);

// SQLite's write-ahead log is copied into the database file by a thread of its own, never in a commit
// of the server's thread: what a client sees is that its rows land in the database file while the
// server goes on writing, and nothing is lost when the server closes.
describe.runIf(TEST_DB === 'sqlite')('SQLite WAL checkpoints', () => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  async function writeRows(walCheckpoints: WalCheckpointOptions, rows: number) {
    const dir = mkdtempSync(path.join(tmpdir(), 'wal-'));
    db = openDb({ dataDir: dir, walCheckpoints });
    const k = db.kysely;
    await sql`create table notes (id integer primary key, body text not null)`.execute(k);
    const body = 'x'.repeat(4000);
    // One commit a row, as chats commit.
    for (let i = 0; i < rows; i++) await sql`insert into notes (body) values (${body})`.execute(k);
    return { db, file: path.join(dir, 'ensemble.db') };
  }

  it('leaves the log alone on the server thread, however long it grows, until its thread starts', async () => {
    // 1,500 pages of rows: SQLite's automatic checkpoint (at 1,000) would have copied them by now.
    const { file } = await writeRows({ startAtBytes: 1024 ** 3 }, 1500);
    expect(size(`${file}-wal`)).toBeGreaterThan(1500 * 4096);
    expect(size(file)).toBeLessThan(100 * 4096);
  });

  it('copies the log into the database file on its thread once the log is large, while writes go on', async () => {
    const { db, file } = await writeRows({ startAtBytes: 256 * 1024, everyMs: 20 }, 200);
    const k = db.kysely;
    const deadline = Date.now() + 10_000;
    const copied = () => size(file) >= 150 * 4096 && (db.checkpoints?.lastCheckpoint?.checkpointed ?? 0) > 0;
    while (!copied() && Date.now() < deadline) {
      await sql`insert into notes (body) values ('more')`.execute(k);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(size(file)).toBeGreaterThanOrEqual(150 * 4096);
    expect(db.checkpoints?.lastCheckpoint?.checkpointed).toBeGreaterThan(0);
    const count = await sql<{ n: number }>`select count(*) as n from notes where body <> 'more'`.execute(k);
    expect(count.rows[0]?.n).toBe(200);
  });

  it('keeps the log from growing without end while the server writes without a pause', async () => {
    // Every turn of the loop commits: the thread's passive checkpoints never find the log idle, so
    // SQLite never starts it again from the beginning. Before, it grew by every byte written (in the
    // relay bench's memory run: 5.9 GB after 40,000 requests).
    const { db, file } = await writeRows({ startAtBytes: 1, everyMs: 10, resetAtBytes: 512 * 1024 }, 10);
    const k = db.kysely;
    const started = Date.now() + 10_000;
    while (!db.checkpoints?.lastCheckpoint && Date.now() < started) await new Promise((r) => setTimeout(r, 10));
    const body = 'y'.repeat(4000);
    let largest = 0;
    for (let i = 0; i < 6000; i++) {
      await sql`insert into notes (body) values (${body})`.execute(k);
      // A turn of the loop every few commits, as a server's I/O gives it; the next commit follows at once.
      if (i % 5 === 0) await new Promise((r) => setImmediate(r));
      if (i % 50 === 0) largest = Math.max(largest, size(`${file}-wal`));
    }
    // 6,000 rows of 4 KB make about 72 MB of log (a commit writes three pages), all of it kept before.
    // Now the log starts again from the beginning: it peaks at a fraction of that. How small a fraction
    // depends on how often the checkpoint thread gets a core (5 MB measured on two cores at load 8, 27 MB
    // with a profiler on and load 10), so the bound is half of what was written.
    expect(largest).toBeLessThan(36 * 1024 ** 2);
    expect(db.checkpoints?.restarts).toBeGreaterThanOrEqual(2);
    const count = await sql<{ n: number }>`select count(*) as n from notes`.execute(k);
    expect(count.rows[0]?.n).toBe(6010);
  });

  it('closes at once when its thread has died', async () => {
    const { db } = await writeRows({ startAtBytes: 1, everyMs: 20 }, 10);
    const deadline = Date.now() + 10_000;
    while (!db.checkpoints?.lastCheckpoint && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // The thread ends as a crash would end it, from outside.
    await (db.checkpoints as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    const closed = await Promise.race([db.close().then(() => 'closed'), new Promise((r) => setTimeout(() => r('waiting'), 3000))]);
    expect(closed).toBe('closed');
  });

  it('keeps every row through a close with the thread running, and the log is folded in', async () => {
    const { db: first, file } = await writeRows({ startAtBytes: 64 * 1024, everyMs: 20 }, 100);
    await new Promise((r) => setTimeout(r, 100));
    await first.close();
    db = undefined;
    expect(size(`${file}-wal`)).toBe(0);
    db = openDb({ dataDir: path.dirname(file) });
    const count = await sql<{ n: number }>`select count(*) as n from notes`.execute(db.kysely);
    expect(count.rows[0]?.n).toBe(100);
  });
});
