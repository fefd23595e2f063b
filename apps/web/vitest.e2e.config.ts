import { defineConfig } from 'vitest/config';

// End-to-end journeys drive a real browser against the real server. Two files at a time, each with
// its own server (free port, DATA_DIR) and browser: most of a journey is waiting on timers, streams
// and page loads, so two on two cores take about 60 % of the time one after the other does.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
