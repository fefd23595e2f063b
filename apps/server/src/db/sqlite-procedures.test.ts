import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB } from '../test/app-factory.js';
import { type Db, openDb } from './connection.js';
import { type SqliteProcedure, callProcedure, installProcedure, isRaised } from './sqlite-procedures.js';

const NO_ROW = 'no such counter';

/** Logs a note, then adds to a counter; raises when the counter does not exist. */
const bump: SqliteProcedure<'counter' | 'by' | 'note'> = {
  name: 'bump_counter',
  columns: ['counter', 'by', 'note'],
  body: (_db, c) => sql`
    insert into notes (note) values (${c('note')});
    update counters set n = n + ${c('by')} where id = ${c('counter')};
    select raise(abort, ${sql.lit(NO_ROW)}) where changes() = 0;`,
};

describe.skipIf(TEST_DB !== 'sqlite')('SQLite procedures', () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ens-procedures-'));
    db = openDb({ dataDir: dir });
    await sql`create table counters (id integer primary key, n integer not null)`.execute(db.kysely);
    await sql`create table notes (id integer primary key autoincrement, note text not null)`.execute(db.kysely);
    await sql`insert into counters (id, n) values (1, 0)`.execute(db.kysely);
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const state = async (on: Db) => ({
    counters: (await sql<{ id: number; n: number }>`select id, n from counters order by id`.execute(on.kysely)).rows,
    notes: (await sql<{ note: string }>`select note from notes order by id`.execute(on.kysely)).rows.map((r) => r.note),
  });

  it('runs every write of its body as one statement', async () => {
    await installProcedure(db, bump);
    const seen: string[] = [];
    db.observe = (text) => seen.push(text);
    await callProcedure(db.kysely, bump, { counter: 1, by: 5, note: 'five' });
    db.observe = undefined;
    expect(seen).toEqual(['insert into "bump_counter" ("counter", "by", "note") values (?, ?, ?)']);
    expect(await state(db)).toEqual({ counters: [{ id: 1, n: 5 }], notes: ['five'] });
  });

  it('takes back the writes made before a raise, and the raise is recognised by its message', async () => {
    const error = await callProcedure(db.kysely, bump, { counter: 2, by: 1, note: 'lost' }).catch((e: unknown) => e);
    expect(isRaised(error, NO_ROW)).toBe(true);
    expect(isRaised(error, 'another message')).toBe(false);
    expect(isRaised(new Error(NO_ROW), NO_ROW)).toBe(false);
    expect(await state(db)).toEqual({ counters: [{ id: 1, n: 5 }], notes: ['five'] });
  });

  it('is made per connection and never stored in the database file', async () => {
    const stored = await sql`select name from sqlite_master where name like 'bump_counter%'`.execute(db.kysely);
    expect(stored.rows).toEqual([]);
    // A restart (a new connection to the same file) makes its own on first use.
    const again = openDb({ dataDir: dir });
    try {
      const missing = await callProcedure(again.kysely, bump, { counter: 1, by: 1, note: 'early' }).catch((e: unknown) => e);
      expect(String(missing)).toMatch(/no such table: bump_counter/);
      await installProcedure(again, bump);
      await callProcedure(again.kysely, bump, { counter: 1, by: 2, note: 'after restart' });
      expect(await state(again)).toEqual({ counters: [{ id: 1, n: 7 }], notes: ['five', 'after restart'] });
    } finally {
      await again.close();
    }
  });

  it('refuses a body with parameters, and tries again on the next use', async () => {
    const bad: SqliteProcedure<'note'> = {
      name: 'bad_note',
      columns: ['note'],
      body: (_db, c) => sql`insert into notes (note) values (${c('note')} || ${'a parameter'});`,
    };
    await expect(installProcedure(db, bad)).rejects.toThrow('the body of procedure bad_note has parameters');
    await expect(installProcedure(db, bad)).rejects.toThrow('the body of procedure bad_note has parameters');
  });
});
