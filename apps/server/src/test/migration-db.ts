import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, type Migration, Migrator } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type Db, openDb } from '../db/connection.js';
import { migrations } from '../db/migrations/index.js';
import { TEST_DATABASE_URL, TEST_DB } from './app-factory.js';

/** A database of a migration's own test and the migrator that walks it, set once the suite starts. */
export interface MigrationDb {
  db: Db;
  migrator: Migrator;
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(text);
  await admin.end();
}

/**
 * An empty database for the calling suite (a SQLite file, or a PostgreSQL schema of its own) with a
 * migrator over every migration, so a test can stop before a migration, seed rows, and run it.
 */
export function useMigrationDb(): MigrationDb {
  const m = {} as MigrationDb;
  let dir = '';
  let schema: string | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ensemble-mig-'));
    if (TEST_DB === 'postgres') {
      schema = `m_${randomBytes(6).toString('hex')}`;
      await adminQuery(`CREATE SCHEMA ${schema}`);
    }
    const db = openDb({ dataDir: dir, databaseUrl: TEST_DB === 'postgres' ? TEST_DATABASE_URL : undefined, pgSchema: schema });
    m.db = db;
    m.migrator = new Migrator({
      db: db.kysely as Kysely<unknown>,
      provider: {
        async getMigrations() {
          const out: Record<string, Migration> = {};
          for (const [name, make] of Object.entries(migrations)) out[name] = make(db.dialect);
          return out;
        },
      },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
  });
  afterAll(async () => {
    await m.db?.close();
    if (schema) await adminQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    rmSync(dir, { recursive: true, force: true });
  });
  return m;
}
