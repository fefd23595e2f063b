import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, executeHot, hotQuery, openDb } from './connection.js';
import { migrateToLatest } from './migrate.js';
import { TEST_DATABASE_URL, TEST_DB, createTestSchema, dropSchema } from '../test/app-factory.js';

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

// PostgreSQL runs the statements every chat sends as named prepared statements, planned once per
// connection; SQLite runs them as any other. Either way they answer what the database holds now.
describe('statements run by executeHot, and hot queries', () => {
  let db: Db | undefined;
  let schema: string | undefined;
  afterEach(async () => {
    await db?.close();
    if (schema) await dropSchema(schema);
    db = undefined;
    schema = undefined;
  });
  const open = async (poolMax?: number): Promise<Db> => {
    if (TEST_DB === 'postgres') schema = await createTestSchema();
    return openDb({
      dataDir: mkdtempSync(path.join(tmpdir(), 'hot-')),
      databaseUrl: TEST_DB === 'postgres' ? TEST_DATABASE_URL : undefined,
      pgSchema: schema,
      poolMax,
    });
  };

  it('answer the current rows, survive a failed run and a new column, and are seen by observe', async () => {
    // One pooled connection, so the statements it prepared can be listed on it.
    db = await open(1);
    const k = db.kysely;
    await sql`create table notes (id integer primary key, body text not null unique)`.execute(k);
    const seen: string[] = [];
    db.observe = (text) => seen.push(text);
    const insert = (id: number, body: string) => executeHot(db as Db, sql`insert into notes (id, body) values (${id}, ${body})`.compile(k));
    const bodies = async () =>
      (await executeHot(db as Db, sql<{ id: number; body: string }>`select id, body from notes order by id`.compile(k))).map((r) => r.body);

    await insert(1, 'one');
    expect(await bodies()).toEqual(['one']);
    await expect(insert(2, 'one')).rejects.toThrow(/unique/i);
    await insert(2, 'two');
    await sql`alter table notes add column tag text not null default 'x'`.execute(k);
    expect(await bodies()).toEqual(['one', 'two']);
    expect(seen.filter((s) => s.startsWith('insert into notes'))).toHaveLength(3);
    expect(seen.filter((s) => s.startsWith('select id, body'))).toHaveLength(2);

    if (db.dialect === 'postgres') {
      const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(k);
      const named = rows.filter((r) => r.name.startsWith('ens_')).map((r) => r.statement);
      // Each text is prepared once on the connection, however often it ran.
      expect(named.sort()).toEqual(['insert into notes (id, body) values ($1, $2)', 'select id, body from notes order by id']);
    }
  });

  it('are built once, then run with each call’s values in their places, constants kept', async () => {
    db = await open();
    const k = db.kysely;
    await sql`create table notes (id integer primary key, body text not null, kind text not null, rank integer)`.execute(k);
    let builds = 0;
    const insert = hotQuery((_q, id: number, body: string, rank: number | null) => {
      builds++;
      // `kind` is a constant; `body` is used twice, `rank` may be null.
      return sql`insert into notes (id, body, kind, rank) values (${id}, ${body} || '/' || ${body}, ${'note'}, ${rank})`;
    });
    const byBody = hotQuery((_q, body: string) => sql<{ id: number }>`select id from notes where body = ${body}`);
    await insert(db, 1, 'a', 7);
    await insert(db, 2, 'b', null);
    const { rows } = await sql`select id, body, kind, rank from notes order by id`.execute(k);
    expect(rows).toEqual([
      { id: 1, body: 'a/a', kind: 'note', rank: 7 },
      { id: 2, body: 'b/b', kind: 'note', rank: null },
    ]);
    expect(builds).toBe(1);
    expect(await byBody(db, 'b/b')).toEqual([{ id: 2 }]);
    expect(await byBody(db, 'nobody')).toEqual([]);
    // Inside a transaction, the compiled query runs on the transaction.
    await k
      .transaction()
      .execute(async (trx) => {
        await trx.executeQuery(insert.compile(db as Db, 3, 'c', 1));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await sql`select id from notes`.execute(k)).rows).toHaveLength(2);
  });

  it('refuse a builder that changes an argument instead of using it as it is', async () => {
    db = await open();
    const doubled = hotQuery((_q, n: number) => sql`select ${Number(n) * 2} as n`);
    const quoted = hotQuery((_q, s: string) => sql`select ${`"${s}"`} as s`);
    await expect(doubled(db, 2)).rejects.toThrow(/must use its arguments as they are/);
    await expect(quoted(db, 'a')).rejects.toThrow(/must use its arguments as they are/);
  });
});

// PostgreSQL deployments (and the suite's parallel files) share one database in schemas of their
// own: what one schema holds or changes must not reach another's start.
describe.runIf(TEST_DB === 'postgres')('PostgreSQL introspection within its own schema', () => {
  const opened: Db[] = [];
  const schemas: string[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.close();
    for (const schema of schemas.splice(0)) await dropSchema(schema);
  });
  const open = async (): Promise<Db> => {
    const schema = await createTestSchema();
    schemas.push(schema);
    const db = openDb({ dataDir: mkdtempSync(path.join(tmpdir(), 'intro-')), databaseUrl: TEST_DATABASE_URL, pgSchema: schema });
    opened.push(db);
    return db;
  };

  it("lists only its schema's tables, and migrates while another schema's tables come and go", async () => {
    const [mine, other] = [await open(), await open()];
    await sql`create table kysely_migration (name text)`.execute(other.kysely);
    await sql`create table notes (id serial primary key, body text)`.execute(other.kysely);
    expect(await mine.kysely.introspection.getTables({ withInternalKyselyTables: true })).toEqual([]);

    // The other deployment changes its tables all the while this one starts.
    let churning = true;
    const churn = (async () => {
      for (let i = 0; churning; i++) {
        await sql.raw(`create table churn_${i % 3} (id serial primary key, day text)`).execute(other.kysely);
        await sql.raw(`drop table churn_${i % 3}`).execute(other.kysely);
      }
    })();
    try {
      await migrateToLatest(mine);
    } finally {
      churning = false;
      await churn;
    }
    const tables = (await mine.kysely.introspection.getTables()).map((t) => t.name);
    expect(tables).toContain('messages');
    expect(tables).not.toContain('notes');
    const notes = (await other.kysely.introspection.getTables({ withInternalKyselyTables: true })).map((t) => [t.name, t.schema]);
    expect(notes).toEqual([
      ['kysely_migration', schemas[1]],
      ['notes', schemas[1]],
    ]);
  });
});
