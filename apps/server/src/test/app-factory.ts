import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { BuiltApp } from '../app-context.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { LeaseTiming } from '../features/chat/leases.js';

/** Which database the suite runs on: TEST_DB=postgres runs it on PostgreSQL. */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestApp extends BuiltApp {
  dataDir: string;
  /** The PostgreSQL schema this app uses (PostgreSQL runs only). */
  pgSchema?: string;
  /** A new client with its own cookie jar (a new browser). */
  client(options?: { ip?: string }): TestClient;
  close(): Promise<void>;
}

/** Builds the real app on a fresh SQLite file (or a fresh PostgreSQL schema) in a temporary DATA_DIR. */
export async function createTestApp(
  env: Record<string, string | undefined> = {},
  options: {
    sharedWith?: TestApp;
    databaseOf?: TestApp;
    pgSchema?: string;
    requestTimeoutMs?: number;
    logStream?: { write(line: string): void };
    leaseTiming?: LeaseTiming;
  } = {},
): Promise<TestApp> {
  // A second instance on the same database (and data folder), as behind a load balancer; with
  // databaseOf (or a schema the caller made), on the same PostgreSQL schema but its own DATA_DIR, as on another machine.
  const shared = options.sharedWith ?? options.databaseOf ?? (options.pgSchema ? { pgSchema: options.pgSchema } : undefined);
  const dataDir = options.sharedWith?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'ensemble-test-'));
  let pgSchema: string | undefined = shared?.pgSchema;
  if (TEST_DB === 'postgres' && !shared) pgSchema = await createTestSchema();
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_ORIGIN: 'http://localhost:3000',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-42',
    DEMO_TOKENS_PER_SECOND: '0',
    GUESTS_PER_ADDRESS_PER_DAY: '1000',
    ...(TEST_DB === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL } : {}),
    ...env,
  });
  let built: BuiltApp;
  try {
    built = await buildApp(config, {
      pgSchema,
      requestTimeoutMs: options.requestTimeoutMs,
      logStream: options.logStream,
      leaseTiming: options.leaseTiming,
    });
  } catch (error) {
    if (pgSchema && !shared) await dropSchema(pgSchema);
    if (!options.sharedWith) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  await built.app.ready();
  let ipCounter = 0;
  return {
    ...built,
    dataDir,
    pgSchema,
    client: (options) => new TestClient(built, options?.ip ?? `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`),
    async close() {
      await built.app.close();
      if (!options.sharedWith) rmSync(dataDir, { recursive: true, force: true });
      if (shared) return;
      if (pgSchema) await dropSchema(pgSchema);
    },
  };
}

/** A fresh, empty PostgreSQL schema for one test's instances; the caller drops it with dropSchema. */
export async function createTestSchema(): Promise<string> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return schema;
}

/** Drops a test schema and everything in it. */
export async function dropSchema(schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
}

/** A browser-like client for app.inject: keeps cookies, sends our Origin on writes, parses JSON. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly built: BuiltApp,
    readonly ip: string,
  ) {}

  async request(options: InjectOptions & { json?: unknown }): Promise<LightMyRequestResponse & { body: string; data: any }> {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const method = (options.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD' && !('origin' in headers)) headers.origin = 'http://localhost:3000';
    const payload = options.json !== undefined ? JSON.stringify(options.json) : options.payload;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const res = await this.built.app.inject({ ...options, headers, payload, remoteAddress: this.ip } as InjectOptions);
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    let data: any;
    try {
      data = JSON.parse(res.body);
    } catch {
      data = undefined;
    }
    return Object.assign(res, { data });
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, headers });
  }

  post(url: string, json?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'POST', url, json: json ?? {}, headers });
  }

  delete(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'DELETE', url, headers });
  }
}
