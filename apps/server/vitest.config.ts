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
      // One file more than there are cores (three on two; Vitest's default leaves one core free):
      // much of a file's time is spent waiting on PostgreSQL, Redis, timers, leases and child
      // servers. Measured beside the web tests on two cores: two at a time 379 s with the cores 69%
      // busy, three 313 s (84%), four 306 s (93%). SERVER_TEST_WORKERS overrides it. Every file has
      // its own SQLite folder, PostgreSQL schema and Redis namespace.
      maxWorkers: Number(process.env.SERVER_TEST_WORKERS ?? availableParallelism() + 1),
      isolate: false,
      // The built server that the tests starting it as a process run (src/test/built-server.ts).
      globalSetup: ['src/test/global-setup.ts'],
      projects: [
        { extends: true as const, test: { name: 'sqlite', env: { TEST_DB: 'sqlite' } } },
        ...(pgUp ? [{ extends: true as const, test: { name: 'postgres', env: { TEST_DB: 'postgres' } } }] : []),
      ],
    },
  };
});
