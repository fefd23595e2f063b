import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Where the journeys' own build of the server lives (see harness.ts, SERVER_ENTRY). */
export const SERVER_COPY = path.join(REPO_ROOT, 'node_modules/.cache/ensemble-e2e-server');

/**
 * Before the journeys (and the browser benchmarks): the server built to JavaScript, as `npm start` runs it (plain JavaScript
 * starts in half the time and CPU of tsx), in a folder of the journeys' own, because the
 * incremental-build journey rebuilds apps/server/dist (emptying it first) while the others start
 * their servers. The web app is the production build in apps/web/dist, which nothing rebuilds here.
 */
export default async function buildServerForJourneys(project?: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` before the browser journeys.');
  }
  rmSync(SERVER_COPY, { recursive: true, force: true });
  execFileSync(process.execPath, ['apps/server/scripts/build.mjs', '--out', SERVER_COPY], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (!project) return undefined;
  // One Chromium for the whole run: every journey connects to it (harness.ts, launchBrowser) and works in browser
  // contexts of its own, which share nothing. Starting and closing a browser costs about 1.8 s of CPU; forty of them were
  // about a tenth of the journeys' CPU.
  const browser = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  return () => browser.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string;
  }
}
