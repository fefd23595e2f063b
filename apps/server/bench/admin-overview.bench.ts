/**
 * Operator overview benchmark: 1,000,000 credit-ledger rows (a year of chat, image, refund and
 * guest-grant rows from 10,000 accounts) are seeded straight into the database, the daily rollups
 * are filled by the same bulk backfill migration 009 runs, and GET /api/admin/overview.php is then
 * timed on a real listening server, on SQLite and on PostgreSQL. Prints figures; asserts nothing.
 * Goal: p95 under 200 ms on both databases.
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); a throw-away
 * schema is made and dropped. Skipped with a note when it cannot be reached.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { backfillRollups } from '../src/features/rollups/backfill.js';
import { createSession } from '../src/features/session/service.js';
import { SESSION_COOKIE } from '../src/plugins/identity.js';

const LEDGER_ROWS = 1_000_000;
const ACCOUNTS = 10_000;
const REQUESTS = 300;
const OPERATOR = 'ops@bench.test';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** One million ledger rows in one statement: series i -> reason, account, model and a moment in the last year. */
function seedLedgerSql(dialect: 'sqlite' | 'postgres', firstUser: number) {
  const series =
    dialect === 'postgres'
      ? sql`generate_series(1, ${sql.lit(LEDGER_ROWS)}) as s(i)`
      : sql`(with recursive s(i) as (select 1 union all select i + 1 from s where i < ${sql.lit(LEDGER_ROWS)}) select i from s) s`;
  const createdAt =
    dialect === 'postgres'
      ? sql`to_char((now() at time zone 'UTC') - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i % 365) || ' days', '-' || (i % 86400) || ' seconds')`;
  // i % 20: 0 refund, 1 guest grant (its guest swept long ago), 2 image, 3 a guest's chat, else an account's chat.
  return sql`insert into credit_ledger (user_id, guest_id, delta, balance_after, reason, model, reference, created_at)
    select
      case when i % 20 in (1, 3) then null else ${sql.lit(firstUser)} + (i % ${sql.lit(ACCOUNTS)}) end,
      null,
      case when i % 20 in (0, 1) then 25 else -(1 + i % 7) end,
      100,
      case i % 20 when 0 then 'refund' when 1 then 'guest_grant' when 2 then 'image' else 'chat' end,
      case when i % 20 = 1 then null else 'model-' || (i % 12) end,
      null,
      ${createdAt}
    from ${series}`;
}

async function benchOne(label: string, env: Record<string, string>, pgSchema?: string): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ensemble-bench-overview-'));
  const { app, ctx } = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_ORIGIN: 'http://localhost:3000',
      SESSION_SECRET: 'bench-secret-bench-secret-bench-42',
      ADMIN_EMAILS: OPERATOR,
      ...env,
    }),
    { pgSchema },
  );
  try {
    const db = ctx.db.kysely;
    const t0 = new Date().toISOString();
    const op = await db
      .insertInto('users')
      .values({
        email: OPERATOR,
        username: 'Ops',
        password_hash: null,
        google_sub: null,
        picture: null,
        credits: 0,
        credits_used: 0,
        subscription_tier: 'free',
        subscription_status: 'none',
        subscription_end_date: null,
        stripe_customer_id: null,
        stripe_subscription_id: null,
        created_at: t0,
        updated_at: t0,
        email_verified: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const seedStart = performance.now();
    const accountsSeries =
      ctx.db.dialect === 'postgres'
        ? sql`generate_series(1, ${sql.lit(ACCOUNTS)}) as s(i)`
        : sql`(with recursive s(i) as (select 1 union all select i + 1 from s where i < ${sql.lit(ACCOUNTS)}) select i from s) s`;
    await sql`insert into users (email, username, credits, credits_used, subscription_tier, subscription_status, created_at, updated_at)
      select 'bench' || i || '@example.test', 'bench' || i, 100, 0, 'free', 'none', ${t0}, ${t0} from ${accountsSeries}`.execute(db);
    await seedLedgerSql(ctx.db.dialect, op.id + 1).execute(db);
    const seeded = performance.now() - seedStart;
    const backfillStart = performance.now();
    await backfillRollups(db);
    const backfilled = performance.now() - backfillStart;
    const ledger = await db.selectFrom('credit_ledger').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    const rollups = await db.selectFrom('daily_rollups').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    const active = await db.selectFrom('daily_active_accounts').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    console.log(
      `${label}: seeded ${Number(ledger.n).toLocaleString('en-US')} ledger rows in ${secs(seeded)}; ` +
        `backfill ${secs(backfilled)} -> ${Number(rollups.n).toLocaleString('en-US')} rollup rows, ` +
        `${Number(active.n).toLocaleString('en-US')} active-account days`,
    );

    const session = await createSession(ctx.db, ctx.config.SESSION_SECRET, { userId: op.id });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { cookie: `${SESSION_COOKIE}=${session.id}` };
    const get = async (days: number) => {
      const started = performance.now();
      const res = await fetch(`${base}/api/admin/overview.php?days=${days}`, { headers });
      const body = (await res.json()) as { series?: Array<{ requests: Record<string, number> }> };
      if (res.status !== 200 || !body.series) throw new Error(`overview answered ${res.status}`);
      return { ms: performance.now() - started, body };
    };
    const sample = await get(90);
    const requests90 = sample.body.series?.reduce((s, d) => s + Object.values(d.requests).reduce((a, b) => a + b, 0), 0) ?? 0;
    for (let i = 0; i < 10; i++) await get(30); // warm-up
    const latencies: number[] = [];
    for (let i = 0; i < REQUESTS; i++) latencies.push((await get([7, 30, 90][i % 3] as number)).ms);
    latencies.sort((a, b) => a - b);
    console.log(
      `${label}: GET overview.php (7/30/90 days in turn, ${REQUESTS} calls): p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms ` +
        `(goal: p95 < 200 ms: ${percentile(latencies, 95) < 200 ? 'met' : 'MISSED'}); the 90 days hold ${requests90.toLocaleString('en-US')} requests`,
    );
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await benchOne('SQLite', {});

const admin = new pg.Client({ connectionString: PG_URL });
let reachable = true;
try {
  await admin.connect();
} catch {
  reachable = false;
  console.log(`PostgreSQL: skipped (nothing answers at ${PG_URL.replace(/\/\/[^@]*@/, '//')})`);
}
if (reachable) {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  try {
    await benchOne('PostgreSQL', { DATABASE_URL: PG_URL }, schema);
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  }
}
process.exit(0);
