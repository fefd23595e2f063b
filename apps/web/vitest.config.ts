import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { LINGUI_CONFIG, linguiBabelPlugins } from './build/lingui-babel.ts';
import { linguiShortIdCatalogues } from './build/lingui-short-ids.ts';
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));
const TESTS = /\.test\.tsx?$/;

/** Test files that replace one of our modules (vi.mock): they need a module graph of their own. */
function filesThatMock(dir: string): string[] {
  return readdirSync(path.join(here, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => TESTS.test(file) && readFileSync(path.join(here, dir, file), 'utf8').includes('vi.mock('))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')));
}
const mocking = filesThatMock('src');

export default defineConfig({
  plugins: [react({ babel: { plugins: linguiBabelPlugins() } }), lingui({ configPath: LINGUI_CONFIG }), linguiShortIdCatalogues()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    // Screens typed into with user-event can take several seconds on a busy two-core machine, and a
    // test's waits alone may take 10 s (setup.ts).
    testTimeout: 30_000,
    // Two files at a time even on two cores (Vitest's default leaves one core free): 92 s instead of 139 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // Files share their worker's modules (each still gets a fresh jsdom): the app, React and the
      // lazy screens are imported once per worker instead of once per file.
      { extends: true as const, test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], exclude: mocking, isolate: false } },
      ...(mocking.length
        ? [
            {
              extends: true as const,
              test: { name: 'web-isolated', include: mocking, isolate: true, env: { WEB_TESTS_MOCK_MODULES: '1' } },
            },
          ]
        : []),
    ],
  },
});
