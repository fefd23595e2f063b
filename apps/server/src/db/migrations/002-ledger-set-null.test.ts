import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, type Migration, Migrator } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, TEST_DB } from '../../test/app-factory.js';
import { type Db, now, openDb } from '../connection.js';
import { migrations } from './index.js';

describe('migration 002: ledger references become ON DELETE SET NULL', () => {
  let db: Db;
  let dir: string;
  let schema: string | undefined;
  let migrator: Migrator;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ensemble-mig-'));
    if (TEST_DB === 'postgres') {
      schema = `m_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
    }
    db = openDb({ dataDir: dir, databaseUrl: TEST_DB === 'postgres' ? TEST_DATABASE_URL : undefined, pgSchema: schema });
    migrator = new Migrator({
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
    await db?.close();
    if (schema) {
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every ledger row and id, then nulls the reference when a guest or account is deleted', async () => {
    expect((await migrator.migrateTo('001-initial')).error).toBeUndefined();
    const k = db.kysely;
    const t = now();
    const guest = await k
      .insertInto('guests')
      .values({ credits: 25, credits_used: 0, client_address: '10.0.0.1', retired_at: null, created_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await k
      .insertInto('users')
      .values({
        email: 'ledger@example.com',
        username: 'Ledger',
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
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = { delta: 25, balance_after: 25, reason: 'grant', model: null, reference: null, created_at: t };
    await k
      .insertInto('credit_ledger')
      .values({ ...row, user_id: null, guest_id: guest.id })
      .execute();
    await k
      .insertInto('credit_ledger')
      .values({ ...row, user_id: user.id, guest_id: null })
      .execute();
    const before = await k.selectFrom('credit_ledger').selectAll().orderBy('id').execute();

    const { error, results } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();
    expect(results?.map((r) => [r.migrationName, r.status])).toContainEqual(['002-ledger-set-null', 'Success']);
    expect(await k.selectFrom('credit_ledger').selectAll().orderBy('id').execute()).toEqual(before);

    await k.deleteFrom('guests').where('id', '=', guest.id).execute();
    await k.deleteFrom('users').where('id', '=', user.id).execute();
    const after = await k.selectFrom('credit_ledger').selectAll().orderBy('id').execute();
    expect(after.map((r) => [r.id, r.user_id, r.guest_id, r.delta])).toEqual(before.map((r) => [r.id, null, null, r.delta]));
    // New rows continue after the old ids.
    const next = await k
      .insertInto('credit_ledger')
      .values({ ...row, user_id: null, guest_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(Math.max(...before.map((r) => r.id)));
  });
});
