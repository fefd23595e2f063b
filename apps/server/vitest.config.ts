import { availableParallelism } from 'node:os';
import pg from 'pg';
import { type ViteUserConfig, defineConfig } from 'vitest/config';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

// The suite runs twice: on SQLite, then on PostgreSQL (TEST_DB=postgres). Under CI a missing
// PostgreSQL fails the run; elsewhere the PostgreSQL half is skipped with a warning.
export default defineConfig(async (): Promise<ViteUserConfig> => {
  const pgUp = await postgresReachable();
  if (!pgUp && process.env.CI === 'true') throw new Error(`PostgreSQL is required under CI and is not reachable at ${url}`);
  if (!pgUp) console.warn(`\n!! PostgreSQL not reachable at ${url}: running the SQLite half only.\n`);
  return {
    test: {
      testTimeout: 30_000,
      hookTimeout: 30_000,
      // Two files at a time even on two cores (Vitest's default leaves one core free: one worker
      // there): most of a file's time is spent waiting on PostgreSQL, Redis, timers and child
      // servers. Every file has its own SQLite folder, PostgreSQL schema and Redis namespace.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      isolate: false,
      projects: [
        { extends: true as const, test: { name: 'sqlite', env: { TEST_DB: 'sqlite' } } },
        ...(pgUp ? [{ extends: true as const, test: { name: 'postgres', env: { TEST_DB: 'postgres' } } }] : []),
      ],
    },
  };
});
