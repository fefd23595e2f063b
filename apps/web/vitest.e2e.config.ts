import { defineConfig } from 'vitest/config';

// End-to-end journeys drive a real browser against the real server, each file with its own server
// (free port, DATA_DIR) and browser. Most of a journey is waiting on timers, streams and page
// loads (a worker keeps about a third of a core busy), so four files run at a time on two cores.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    maxWorkers: Number(process.env.E2E_WORKERS ?? 4),
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
