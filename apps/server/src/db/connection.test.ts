import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDb } from './connection.js';
import { TEST_DB } from '../test/app-factory.js';

// SQLite keeps prepared statements by their text: a kept statement must still answer what the
// database holds now, after writes, after a failure and after the schema changed under it.
describe.runIf(TEST_DB === 'sqlite')('SQLite statements kept for reuse', () => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
  });

  it('answers from the current rows and schema, and a failed run leaves the statement usable', async () => {
    db = openDb({ dataDir: mkdtempSync(path.join(tmpdir(), 'stmt-')) });
    const k = db.kysely;
    await sql`create table notes (id integer primary key, body text not null unique)`.execute(k);
    const insert = (body: string) => sql`insert into notes (body) values (${body})`.execute(k);
    const all = async () => (await sql<Record<string, unknown>>`select * from notes order by id`.execute(k)).rows;

    await insert('one');
    expect(await all()).toEqual([{ id: 1, body: 'one' }]);
    // The same text again, with a unique violation in between.
    await expect(insert('one')).rejects.toThrow(/UNIQUE/);
    await insert('two');
    expect(await all()).toEqual([
      { id: 1, body: 'one' },
      { id: 2, body: 'two' },
    ]);
    // A column added after the statement was kept shows up in `select *`.
    await sql`alter table notes add column tag text not null default 'x'`.execute(k);
    expect(await all()).toEqual([
      { id: 1, body: 'one', tag: 'x' },
      { id: 2, body: 'two', tag: 'x' },
    ]);
    // And inside a transaction that rolls back, the kept statements see its rows, then not.
    await expect(
      k.transaction().execute(async (trx) => {
        await sql`insert into notes (body) values (${'three'})`.execute(trx);
        expect((await sql`select * from notes order by id`.execute(trx)).rows).toHaveLength(3);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await all()).toHaveLength(2);
  });
});
