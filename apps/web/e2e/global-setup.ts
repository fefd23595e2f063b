import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Where the journeys' own build of the server lives (see harness.ts, SERVER_ENTRY). */
export const SERVER_COPY = path.join(REPO_ROOT, 'node_modules/.cache/ensemble-e2e-server');

/**
 * Before the journeys (and the browser benchmarks): the server built to JavaScript, as `npm start` runs it (plain JavaScript
 * starts in half the time and CPU of tsx), in a folder of the journeys' own, because the
 * incremental-build journey rebuilds apps/server/dist (emptying it first) while the others start
 * their servers. The web app is the production build in apps/web/dist, which nothing rebuilds here.
 */
export default function buildServerForJourneys(): void {
  if (!existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` before the browser journeys.');
  }
  rmSync(SERVER_COPY, { recursive: true, force: true });
  execFileSync(process.execPath, ['apps/server/scripts/build.mjs', '--out', SERVER_COPY], { cwd: REPO_ROOT, stdio: 'inherit' });
}
