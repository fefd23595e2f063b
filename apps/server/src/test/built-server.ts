import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The tests that run the server as a separate process (leases across instances, resuming after a crash, the
 * accepting helper, the backup command) run it built, as `npm start` and a process manager do: a start loads one
 * bundled file in about 1.1 s, where tsx took 3.6 s of CPU to compile and load the sources at every start (the backup
 * tests alone start 18). It is built once per test run, into a folder of the tests' own (global-setup.ts), from the
 * sources as they are, so it never lags behind them.
 */
const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
const REPO_ROOT = path.resolve(SERVER_DIR, '../..');
/** Inside the repository, so the built server finds the installed packages further up (scripts/build.mjs --out). */
export const BUILT_SERVER_COPY = path.join(REPO_ROOT, 'node_modules/.cache/ensemble-server-tests');

/** The arguments that run one of the server's built entries (`main`, `backup`) with Node. */
export function builtEntry(name: 'main' | 'backup'): string[] {
  return ['--enable-source-maps', '--conditions=ensemble-dist', path.join(BUILT_SERVER_COPY, 'apps/server/dist', `${name}.js`)];
}

/** Builds the copy (Vitest's global setup). */
export function buildServerCopy(): void {
  rmSync(BUILT_SERVER_COPY, { recursive: true, force: true });
  execFileSync(process.execPath, ['scripts/build.mjs', '--out', BUILT_SERVER_COPY], { cwd: SERVER_DIR, stdio: 'ignore' });
}
