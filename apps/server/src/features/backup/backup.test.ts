import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from '../../db/connection.js';
import { TEST_DATABASE_URL, TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { signInNewAccount } from '../../test/account-factory.js';
import { type TestS3, startTestS3 } from '../../test/s3-server.js';
import { LocalObjectStore } from '../images/local-object-store.js';
import { type ObjectStore, createObjectStore } from '../images/object-store.js';
import { builtEntry } from '../../test/built-server.js';

const SERVER_DIR = fileURLToPath(new URL('../../../', import.meta.url));

/** Runs `npm run backup`/`restore`'s program, as the command does, on the instance `env` configures. */
function command(action: 'backup' | 'restore', dir: string, env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...builtEntry('backup'), action, dir], {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Every stored file's SHA-256, by key. */
async function checksums(store: ObjectStore): Promise<Map<string, string>> {
  const sums = new Map<string, string>();
  for await (const key of store.list()) {
    const opened = await store.open(key);
    if (!opened) continue;
    const hash = createHash('sha256');
    for await (const chunk of opened.body as AsyncIterable<Buffer>) hash.update(chunk);
    sums.set(key, hash.digest('hex'));
  }
  return sums;
}

/** Tables whose rows the load leaves as they are once written (balances change: see the ledger check). */
const TABLES = ['threads', 'messages', 'credit_ledger', 'images'] as const;

/** The rows of the tables a user's data lives in, by table, each row as JSON by its id. */
async function rowsOf(db: ReturnType<typeof openDb>): Promise<Record<string, Map<number, string>>> {
  const out: Record<string, Map<number, string>> = {};
  for (const table of TABLES) {
    const rows = (await db.kysely.selectFrom(table).selectAll().execute()) as Array<{ id: number | string }>;
    out[table] = new Map(rows.map((r) => [Number.isFinite(Number(r.id)) ? Number(r.id) : hashId(String(r.id)), JSON.stringify(r)]));
  }
  return out;
}
// images have text ids: a number of their own for the map.
const hashId = (id: string) => Number.parseInt(createHash('sha1').update(id).digest('hex').slice(0, 12), 16);

async function generateImage(c: TestClient, prompt: string): Promise<void> {
  const thread = await c.post('/api/threads/create_thread.php', { title: prompt, force: true });
  const res = await c.post('/api/messages/chat.php', {
    thread_id: thread.data.thread_id,
    model: 'dall-e-3',
    messages: [{ content: prompt, role: 'user', metadata: { aspectRatio: 'square' } }],
  });
  expect(res.statusCode).toBe(200);
}

async function writeMessages(c: TestClient, n: number): Promise<void> {
  const thread = (await c.post('/api/threads/create_thread.php', { title: `load ${n}`, force: true })).data.thread_id as number;
  for (let i = 0; i < 3; i++)
    expect((await c.post('/api/messages/messages.php', { thread_id: thread, content: `message ${n}.${i}` })).statusCode).toBe(200);
}

describe(`backup and restore on ${TEST_DB}`, () => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  const folder = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ensemble-backup-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  /** An empty instance to restore into: a new DATA_DIR, and on PostgreSQL a new database. */
  async function emptyInstance(
    schema: string | undefined,
  ): Promise<{ env: Record<string, string>; open: () => ReturnType<typeof openDb> }> {
    const dataDir = folder();
    if (TEST_DB !== 'postgres') return { env: { DATA_DIR: dataDir }, open: () => openDb({ dataDir }) };
    const database = `restore_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    cleanup.push(async () => {
      const a = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await a.connect();
      await a.query(`drop database if exists ${database} with (force)`);
      await a.end();
    });
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${database}`;
    const databaseUrl = `${url}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    return { env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, open: () => openDb({ dataDir, databaseUrl }) };
  }

  const envOf = (t: TestApp): Record<string, string> =>
    TEST_DB === 'postgres'
      ? { DATA_DIR: t.dataDir, DATABASE_URL: `${TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${t.pgSchema}`)}` }
      : { DATA_DIR: t.dataDir };

  it('backs up a running instance under load; the restore brings back every row and file committed before it began', async () => {
    const t = await createTestApp({ DEMO_TOKENS_PER_SECOND: '0' });
    cleanup.push(() => t.close());
    const c = t.client();
    await signInNewAccount(t, c, { credits: 5000 });
    for (let i = 0; i < 4; i++) await generateImage(c, `picture ${i}`);
    for (let i = 0; i < 4; i++) await writeMessages(c, i);

    // What was committed before the backup began, then the load goes on while it runs.
    const before = await rowsOf(t.ctx.db);
    const filesBefore = await checksums(t.ctx.storage);
    expect(filesBefore.size).toBe(4);
    let loading = true;
    let written = 0;
    const load = (async () => {
      for (let n = 100; loading; n++) {
        await (n % 2 ? generateImage(c, `during ${n}`) : writeMessages(c, n));
        written++;
      }
    })();
    const dir = folder();
    const backup = await command('backup', dir, envOf(t));
    loading = false;
    await load;
    expect(backup.output).toContain('Backup complete');
    expect(backup.code).toBe(0);
    expect(written).toBeGreaterThan(0);

    const target = await emptyInstance(t.pgSchema);
    const restore = await command('restore', dir, target.env);
    expect(restore.output).toContain('Restore complete');
    expect(restore.code).toBe(0);

    const restoredDb = target.open();
    cleanup.push(() => restoredDb.close());
    const after = await rowsOf(restoredDb);
    for (const table of TABLES) {
      for (const [id, row] of before[table] as Map<number, string>) expect(after[table]?.get(id), `${table} ${id}`).toBe(row);
    }
    // One consistent moment: the balance is what the ledger it holds adds up to.
    const ledger = await restoredDb.kysely.selectFrom('credit_ledger').select(['delta', 'balance_after']).orderBy('id').execute();
    const user = await restoredDb.kysely.selectFrom('users').select(['credits']).executeTakeFirstOrThrow();
    expect(ledger.length).toBeGreaterThan((before.credit_ledger as Map<number, string>).size);
    expect(user.credits).toBe(ledger.at(-1)?.balance_after);
    expect(user.credits).toBe(5000 + ledger.reduce((sum, row) => sum + row.delta, 0));
    const filesAfter = await checksums(new LocalObjectStore(target.env.DATA_DIR as string));
    for (const [key, sum] of filesBefore) expect(filesAfter.get(key), key).toBe(sum);
    // Every image row the backup holds has its file (those written during the backup too).
    for (const row of after.images?.values() ?? []) expect(filesAfter.has(`images/${JSON.parse(row).file_name}`)).toBe(true);
  }, 120_000);

  it("copies the S3 bucket's files into the backup and restores them into the configured bucket", async () => {
    const buckets: TestS3[] = [await startTestS3({ listing: true }), await startTestS3({ listing: true })];
    cleanup.push(async () => {
      for (const b of buckets) await b.close();
    });
    const [source, restored] = buckets as [TestS3, TestS3];
    const t = await createTestApp(source.env);
    cleanup.push(() => t.close());
    const c = t.client();
    await signInNewAccount(t, c, { credits: 100 });
    for (let i = 0; i < 3; i++) await generateImage(c, `bucket picture ${i}`);
    const filesBefore = await checksums(t.ctx.storage);
    expect(filesBefore.size).toBe(3);

    const dir = folder();
    const backup = await command('backup', dir, { ...envOf(t), ...source.env });
    expect(backup.code, backup.output).toBe(0);
    const target = await emptyInstance(t.pgSchema);
    const restore = await command('restore', dir, { ...target.env, ...restored.env });
    expect(restore.code, restore.output).toBe(0);
    const bucket = await createObjectStore({
      DATA_DIR: target.env.DATA_DIR as string,
      S3_BUCKET: restored.bucket,
      S3_FORCE_PATH_STYLE: true,
      raw: restored.env,
    });
    cleanup.push(() => bucket.close());
    expect(await checksums(bucket)).toEqual(filesBefore);
    // Nothing went to the restored instance's own folder.
    expect((await checksums(new LocalObjectStore(target.env.DATA_DIR as string))).size).toBe(0);
  }, 60_000);

  it('refuses a used folder, a damaged backup and a target that holds data, and changes nothing', async () => {
    const t = await createTestApp();
    cleanup.push(() => t.close());
    const c = t.client();
    await signInNewAccount(t, c, { credits: 100 });
    await generateImage(c, 'one picture');

    const used = folder();
    writeFileSync(path.join(used, 'notes.txt'), 'mine');
    const refused = await command('backup', used, envOf(t));
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('is not empty');

    const dir = folder();
    expect((await command('backup', dir, envOf(t))).code).toBe(0);
    // Restoring over the live instance is refused: it holds data.
    const over = await command('restore', dir, envOf(t));
    expect(over.code).toBe(1);
    expect(over.output).toContain('already holds data');

    // A file changed after the backup: refused before anything is written.
    const [key] = [...(await checksums(t.ctx.storage)).keys()];
    writeFileSync(path.join(dir, 'objects', key as string), 'not the picture');
    const target = await emptyInstance(t.pgSchema);
    const damaged = await command('restore', dir, target.env);
    expect(damaged.code).toBe(1);
    expect(damaged.output).toContain('does not match its checksum');
    expect((await checksums(new LocalObjectStore(target.env.DATA_DIR as string))).size).toBe(0);
  }, 60_000);
});
