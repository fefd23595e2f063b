import { createHash } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Compilable, CompiledQuery, Kysely, type RawBuilder, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { countPoolWait } from '../metrics/metrics.js';
import { SchemaPostgresDialect } from './pg-introspector.js';
import { type WalCheckpointOptions, WalCheckpoints } from './wal-checkpoints.js';
import type { Database } from './types.js';

export type Dialect = 'sqlite' | 'postgres';

/** A database handle: Kysely plus which dialect it speaks. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL schema in use when not the default one. */
  schema?: string;
  /** The PostgreSQL pool, for its connection figures in /metrics. */
  pool?: pg.Pool;
  /** Sees the SQL of every statement run (not BEGIN/COMMIT), when set: how tests and benches count them. */
  observe?: ((sql: string, parameters: readonly unknown[]) => void) | undefined;
  /** PostgreSQL: runs a statement as a named prepared statement (see `executeHot`). */
  prepared?: <R>(query: CompiledQuery<R>) => Promise<R[]>;
  /**
   * Resolves when the database answers `select 1`. On PostgreSQL it runs on a connection of its own,
   * so a health check measures the database, not the queue for the pool's busy connections.
   */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** SQLite: the thread that checkpoints its write-ahead log. */
  checkpoints?: WalCheckpoints;
}

/** Kysely's log hook calling `db.observe` (a no-op unless a test or bench sets it). */
const observer = (holder: { db?: Db }) => (event: { level: string; query: { sql: string; parameters: readonly unknown[] } }) =>
  holder.db?.observe?.(event.query.sql, event.query.parameters);

export interface DbOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests isolate themselves in their own). */
  pgSchema?: string;
  /** PostgreSQL pool size (DATABASE_POOL_MAX). */
  poolMax?: number;
  /** SQLite: when and how often the log is checkpointed (tests make it small and quick). */
  walCheckpoints?: WalCheckpointOptions;
}

// PostgreSQL returns COUNT(*) and BIGINT as strings; our ids and counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/** Opens SQLite in DATA_DIR (WAL, foreign keys) or PostgreSQL when a URL is given. */
export function openDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const settings = {
      connectionString: options.databaseUrl,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    };
    const pool = new pg.Pool({ ...settings, max: options.poolMax ?? 10 });
    const probe = new pg.Pool({ ...settings, max: 1 });
    // An idle connection the server drops (a restart, a failover, an administrator) is reported here;
    // unheard, the pool's 'error' event would end the process. The pool opens a new one when next asked.
    for (const p of [pool, probe]) {
      p.on('error', (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`));
      // A connection lent out (pg-pool then takes its own listener off) that PostgreSQL drops emits 'error' after
      // failing its query; unheard, that would end the process. The query's caller gets the failure (a 503).
      p.on('connect', (client) => client.on('error', () => undefined));
    }
    // Counts the checkouts that found every connection busy and had to queue (ensemble_db_pool_waits_total).
    const counted = {
      connect: () => {
        if (pool.idleCount === 0 && pool.totalCount >= pool.options.max) countPoolWait();
        return pool.connect();
      },
      end: async () => {
        await Promise.all([pool.end(), probe.end()]);
      },
    };
    const holder: { db?: Db } = {};
    const kysely = new Kysely<Database>({ dialect: new SchemaPostgresDialect({ pool: counted }), log: observer(holder) });
    const prepared = async <R>(query: CompiledQuery<R>): Promise<R[]> => {
      holder.db?.observe?.(query.sql, query.parameters);
      const client = await counted.connect();
      try {
        const result = await client.query<R & pg.QueryResultRow>({
          name: statementName(query.sql),
          text: query.sql,
          values: [...query.parameters],
        });
        return result.rows;
      } finally {
        client.release();
      }
    };
    const schema = options.pgSchema ?? urlSchema(options.databaseUrl);
    const ping = async () => {
      await probe.query('select 1');
    };
    holder.db = { kysely, dialect: 'postgres', schema, pool, prepared, ping, close: () => kysely.destroy() };
    return holder.db;
  }
  const file = path.join(options.dataDir, 'ensemble.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Checkpoints run on a thread of their own (see WalCheckpoints), never in a commit of this one.
  sqlite.pragma('wal_autocheckpoint = 0');
  const holder: { db?: Db } = {};
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(sqlite) }), log: observer(holder) });
  // Kysely lends its one SQLite connection to one caller at a time: while the log is emptied, queries wait their turn.
  const checkpoints = new WalCheckpoints(file, options.walCheckpoints, (work) => kysely.connection().execute(() => work()));
  // A log started again keeps its file; past twice the size at which it is restarted, the file is cut back.
  sqlite.pragma(`journal_size_limit = ${2 * checkpoints.resetAt}`);
  const ping = async () => {
    await sql`select 1`.execute(kysely);
  };
  const close = async () => {
    await checkpoints.stop();
    await kysely.destroy();
  };
  holder.db = { kysely, dialect: 'sqlite', ping, close, checkpoints };
  return holder.db;
}

const statementNames = new Map<string, string>();
/** A prepared statement's name on PostgreSQL: from its text, so one name always means one text. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `ens_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs one of the few statements every chat sends (the session lookup, the admission, a reply's
 * end). On PostgreSQL it is a named prepared statement: each pooled connection parses and plans it
 * once, not at every request (the admission's writable CTEs took about 0.6 ms to plan of the 3 ms
 * they took in all). On SQLite statements are kept prepared anyway (see reusingStatements). Only
 * for statements whose result columns are named, never `select *` at the top: a prepared statement
 * whose result columns a migration changes fails rather than re-plans, and a rolling deploy
 * migrates while older instances still run.
 */
export async function executeHot<R>(db: Db, query: CompiledQuery<R>): Promise<R[]> {
  if (db.prepared) return db.prepared(query);
  return (await db.kysely.executeQuery(query)).rows;
}

type HotArg = string | number | null;

/**
 * A statement every chat sends, built by the query builder once per database instead of at each
 * call (building and compiling one took longer than SQLite's run of it): `build` is called once
 * with a marker for each argument, and its compiled text is kept with where each argument goes.
 * Each argument must reach the query unchanged as one value (no arithmetic on it, no list for
 * `in`; one that is changed is refused where it can be seen); any other value in it is a constant.
 * Runs through `executeHot`, with its rules.
 */
export function hotQuery<A extends HotArg[], R>(build: (k: Kysely<Database>, ...args: A) => Compilable<R> | RawBuilder<R>): HotQuery<A, R> {
  const compiled = new WeakMap<Db, { text: string; slots: Array<{ arg: number } | { value: unknown }> }>();
  const compile = (db: Db, ...args: A): CompiledQuery<R> => {
    let query = compiled.get(db);
    if (!query) {
      const markers = args.map((_, i) => `\u0000hot-argument-${i}\u0000`);
      // A query builder compiles by itself, raw SQL with the database's dialect: each takes what it needs.
      const built = build(db.kysely, ...(markers as A)) as { compile(k: Kysely<Database>): CompiledQuery<R> };
      const { sql: text, parameters } = built.compile(db.kysely);
      const slots = parameters.map((p) => {
        const arg = markers.indexOf(p as string);
        return arg >= 0 ? { arg } : { value: p };
      });
      // An argument changed on its way in (a sum, a string built from it) would be frozen as it was built.
      const changed = slots.some(
        (slot) =>
          'value' in slot && (Number.isNaN(slot.value) || (typeof slot.value === 'string' && slot.value.includes('\u0000hot-argument-'))),
      );
      if (changed) throw new Error(`a hot query must use its arguments as they are: ${text}`);
      query = { text, slots };
      compiled.set(db, query);
    }
    const parameters = query.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value));
    return CompiledQuery.raw(query.text, parameters) as CompiledQuery<R>;
  };
  const run = async (db: Db, ...args: A) => executeHot(db, compile(db, ...args));
  return Object.assign(run, { compile, build });
}

/** A hot query: run it on the database, compile it to run in a transaction, or build it into another. */
export type HotQuery<A extends HotArg[], R> = ((db: Db, ...args: A) => Promise<R[]>) & {
  compile(db: Db, ...args: A): CompiledQuery<R>;
  build(k: Kysely<Database>, ...args: A): Compilable<R> | RawBuilder<R>;
};

/** How many prepared SQLite statements are kept for reuse (the app's queries are a few hundred texts). */
const STATEMENT_CACHE = 500;

/**
 * Kysely prepares every query afresh; preparing the same few texts for each chat was about 7 % of
 * the busy CPU of a chat's start. Statements are kept by their text (they run synchronously, so one
 * is never in use twice at once; SQLite re-prepares one itself after a schema change).
 */
function reusingStatements(sqlite: SQLite.Database): { prepare(sql: string): SQLite.Statement; close(): void } {
  const kept = new Map<string, SQLite.Statement>();
  return {
    prepare(text) {
      let statement = kept.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (kept.size >= STATEMENT_CACHE) kept.delete(kept.keys().next().value as string);
        kept.set(text, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
}

/** The current time as the ISO text every timestamp column holds. */
export const now = (): string => new Date().toISOString();

/** Whether a database error is a foreign-key violation (the parent row is gone), in either dialect. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * The schema a DATABASE_URL selects with `?options=-c search_path=name`, so that the migrations'
 * own tables are looked for there too (not in another schema of the same database).
 */
export function urlSchema(databaseUrl: string): string | undefined {
  try {
    const options = new URL(databaseUrl).searchParams.get('options') ?? '';
    return /search_path\s*=\s*([A-Za-z_][A-Za-z0-9_$]*)/.exec(options)?.[1];
  } catch {
    return undefined;
  }
}
