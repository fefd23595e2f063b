import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    // Screens typed into with user-event can take a few seconds on a busy two-core machine.
    testTimeout: 15_000,
    // Two files at a time even on two cores (Vitest's default leaves one core free): 92 s instead of 139 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
