import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { countPoolWait } from '../metrics/metrics.js';
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
  close(): Promise<void>;
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
}

// PostgreSQL returns COUNT(*) and BIGINT as strings; our ids and counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/** Opens SQLite in DATA_DIR (WAL, foreign keys) or PostgreSQL when a URL is given. */
export function openDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // Counts the checkouts that found every connection busy and had to queue (ensemble_db_pool_waits_total).
    const counted = {
      connect: () => {
        if (pool.idleCount === 0 && pool.totalCount >= pool.options.max) countPoolWait();
        return pool.connect();
      },
      end: () => pool.end(),
    };
    const holder: { db?: Db } = {};
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: counted }), log: observer(holder) });
    const schema = options.pgSchema ?? urlSchema(options.databaseUrl);
    holder.db = { kysely, dialect: 'postgres', schema, pool, close: () => kysely.destroy() };
    return holder.db;
  }
  const file = path.join(options.dataDir, 'ensemble.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const holder: { db?: Db } = {};
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log: observer(holder) });
  holder.db = { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
  return holder.db;
}

/** The current time as the ISO text every timestamp column holds. */
export const now = (): string => new Date().toISOString();

/**
 * The schema a DATABASE_URL selects with `?options=-c search_path=name`, so that the migrations'
 * own tables are looked for there too (not in another schema of the same database).
 */
function urlSchema(databaseUrl: string): string | undefined {
  try {
    const options = new URL(databaseUrl).searchParams.get('options') ?? '';
    return /search_path\s*=\s*([A-Za-z_][A-Za-z0-9_$]*)/.exec(options)?.[1];
  } catch {
    return undefined;
  }
}
