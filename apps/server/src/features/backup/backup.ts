import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { AppConfig } from '../../config.js';
import { urlSchema } from '../../db/connection.js';
import { type ObjectStore, assertObjectKey, createObjectStore } from '../images/object-store.js';

/**
 * Backups that restore (issue 44). A backup is a folder: the database (SQLite's file, copied by its online backup API
 * while the server runs, or PostgreSQL's `pg_dump` in its custom format), every stored file (images, attachments,
 * pictures; from DATA_DIR or the S3 bucket) under `objects/`, and `manifest.json`, written last, with each file's
 * size and SHA-256. The database is copied first and the files after, so every file a copied row names is there
 * (files are written once under new names; one deleted in between is the only kind missing, and its row with it
 * was deleted after the copy began).
 */
export interface BackupManifest {
  format: 'ensemble-backup';
  version: 1;
  created_at: string;
  database: 'sqlite' | 'postgres';
  objects: Array<{ key: string; size: number; sha256: string }>;
}

export type BackupConfig = Pick<AppConfig, 'DATA_DIR' | 'DATABASE_URL' | 'S3_BUCKET' | 'S3_FORCE_PATH_STYLE' | 'raw'>;

const MANIFEST = 'manifest.json';
const SQLITE_FILE = 'ensemble.db';
const PG_DUMP_FILE = 'database.pgdump';

/** A refusal the command prints as it is (a used folder, a damaged backup, a missing tool), with no stack. */
export class BackupError extends Error {}

/** Runs pg_dump or pg_restore; a missing program or a failure is a BackupError with what it said. */
function runPgTool(program: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let said = '';
    child.stderr.on('data', (d) => {
      said = (said + d).slice(-4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${program} was not found. Install PostgreSQL's client programs (Debian: postgresql-client) of the server's major version.`
            : `${program} could not start: ${error.message}`,
        ),
      ),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`${program} failed (exit ${code}): ${said.trim()}`))));
  });
}

/** A stream's SHA-256 and size, computed as it passes. */
function hashing(): Transform & { digest(): { sha256: string; size: number } } {
  const hash = createHash('sha256');
  let size = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return Object.assign(t, { digest: () => ({ sha256: hash.digest('hex'), size }) });
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  eml: 'message/rfc822',
};
const contentTypeOf = (key: string) => CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

async function isEmptyFolder(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return true;
  return (await readdir(dir)).length === 0;
}

/**
 * Writes a backup of the running instance's data into `dir` (a new or empty folder). Safe while the server runs and
 * writes: the database copy is one consistent snapshot, taken before the files are copied.
 */
export async function backupInstance(config: BackupConfig, dir: string, say: (line: string) => void = () => {}): Promise<BackupManifest> {
  if (!(await isEmptyFolder(dir))) throw new BackupError(`${dir} is not empty: a backup goes into a new or empty folder.`);
  await mkdir(path.join(dir, 'objects'), { recursive: true });
  const createdAt = new Date().toISOString();

  let database: BackupManifest['database'];
  if (config.DATABASE_URL) {
    database = 'postgres';
    const schema = urlSchema(config.DATABASE_URL);
    say(`Dumping PostgreSQL${schema ? ` (schema ${schema})` : ''} with pg_dump ...`);
    await runPgTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${path.join(dir, PG_DUMP_FILE)}`,
      ...(schema ? [`--schema=${schema}`] : []),
      `--dbname=${config.DATABASE_URL}`,
    ]);
  } else {
    database = 'sqlite';
    const source = path.join(config.DATA_DIR, SQLITE_FILE);
    if (!existsSync(source)) throw new BackupError(`There is no database at ${source}: is DATA_DIR the server's?`);
    say(`Copying ${source} with SQLite's online backup ...`);
    const db = new SQLite(source, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      // Every remaining page in each step: a step is one read transaction (writers go on beside it in WAL mode), and a
      // copy in small steps starts again whenever the server writes between two of them.
      await db.backup(path.join(dir, SQLITE_FILE), { progress: ({ remainingPages }) => Math.max(remainingPages, 100) });
    } finally {
      db.close();
    }
  }

  const store = await createObjectStore(config);
  const objects: BackupManifest['objects'] = [];
  try {
    say(`Copying the stored files from ${store.kind === 's3' ? `s3://${config.S3_BUCKET}` : config.DATA_DIR} ...`);
    for await (const key of store.list()) {
      const opened = await store.open(key);
      // Removed since it was listed (its row went with it).
      if (!opened) continue;
      const target = path.join(dir, 'objects', key);
      await mkdir(path.dirname(target), { recursive: true });
      const hash = hashing();
      await pipeline(opened.body, hash, createWriteStream(target, { flags: 'wx' }));
      objects.push({ key, ...hash.digest() });
    }
  } finally {
    store.close();
  }
  objects.sort((a, b) => a.key.localeCompare(b.key));
  const manifest: BackupManifest = { format: 'ensemble-backup', version: 1, created_at: createdAt, database, objects };
  await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  say(`Backup complete: the ${database === 'sqlite' ? 'SQLite database' : 'PostgreSQL dump'} and ${objects.length} files in ${dir}.`);
  return manifest;
}

async function readManifest(dir: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${dir} holds no readable ${MANIFEST}: it is not a finished backup.`);
  }
  if (manifest.format !== 'ensemble-backup' || manifest.version !== 1 || !Array.isArray(manifest.objects)) {
    throw new BackupError(`${dir}/${MANIFEST} is not a backup this version can restore.`);
  }
  return manifest;
}

/** Checks every file of a backup against its manifest before anything is written. */
async function verifyObjects(dir: string, manifest: BackupManifest): Promise<void> {
  for (const object of manifest.objects) {
    assertObjectKey(object.key);
    const file = path.join(dir, 'objects', object.key);
    const found = await stat(file).catch(() => null);
    if (!found?.isFile()) throw new BackupError(`The backup is missing ${object.key}.`);
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
    }
    if (hash.digest('hex') !== object.sha256 || size !== object.size)
      throw new BackupError(`${object.key} in the backup does not match its checksum.`);
  }
}

async function storeIsEmpty(store: ObjectStore): Promise<boolean> {
  for await (const _ of store.list()) return false;
  return true;
}

/** Whether the PostgreSQL database (the URL's schema, else public) holds no table yet. */
async function postgresIsEmpty(databaseUrl: string): Promise<boolean> {
  const schema = urlSchema(databaseUrl) ?? 'public';
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const tables = await client.query('select count(*)::int as n from information_schema.tables where table_schema = $1', [schema]);
    if (tables.rows[0].n > 0) return false;
    // The dump creates its own schema: an empty one of that name is dropped first.
    if (schema !== 'public') await client.query(`drop schema if exists "${schema}"`);
    return true;
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup into an empty instance: the database (SQLite's file into DATA_DIR, or pg_restore into the
 * configured PostgreSQL) and every file into the configured store (DATA_DIR or the S3 bucket). Refuses a damaged
 * backup, a backup of the other kind of database, and a target that already holds data, before writing anything.
 */
export async function restoreInstance(config: BackupConfig, dir: string, say: (line: string) => void = () => {}): Promise<BackupManifest> {
  const manifest = await readManifest(dir);
  const kind = config.DATABASE_URL ? 'postgres' : 'sqlite';
  if (manifest.database !== kind) {
    throw new BackupError(
      `This backup holds a ${manifest.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database and this instance uses ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}.`,
    );
  }
  say('Checking the backup ...');
  await verifyObjects(dir, manifest);
  const store = await createObjectStore(config);
  try {
    const sqliteTarget = path.join(config.DATA_DIR, SQLITE_FILE);
    const empty =
      (await storeIsEmpty(store)) &&
      (config.DATABASE_URL ? await postgresIsEmpty(config.DATABASE_URL) : !existsSync(sqliteTarget) && !existsSync(`${sqliteTarget}-wal`));
    if (!empty)
      throw new BackupError(
        'This instance already holds data: a backup is restored into an empty one (stop the server, point it at an empty DATA_DIR, database or bucket).',
      );

    if (config.DATABASE_URL) {
      say('Restoring PostgreSQL with pg_restore ...');
      await runPgTool('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        `--dbname=${config.DATABASE_URL}`,
        path.join(dir, PG_DUMP_FILE),
      ]);
    } else {
      say(`Restoring the SQLite database into ${config.DATA_DIR} ...`);
      await mkdir(config.DATA_DIR, { recursive: true });
      await copyFile(path.join(dir, SQLITE_FILE), sqliteTarget);
    }
    say(`Restoring ${manifest.objects.length} files into ${store.kind === 's3' ? `s3://${config.S3_BUCKET}` : config.DATA_DIR} ...`);
    for (const object of manifest.objects) {
      const file = path.join(dir, 'objects', object.key);
      await store.putStream(object.key, createReadStream(file), object.size, contentTypeOf(object.key));
    }
  } finally {
    store.close();
  }
  say('Restore complete. Start the server on this DATA_DIR (and database): it applies any newer migrations itself.');
  return manifest;
}
