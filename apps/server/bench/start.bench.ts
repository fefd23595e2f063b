/**
 * Start benchmark: time from spawning the server to its first healthy answer, and its memory
 * then, for the built JavaScript (`node dist/main.js`, what `npm start` runs) against running the
 * TypeScript through tsx (what production did before). Then `npm start` itself, as a person runs it: once with nothing
 * changed since the last build, and once as a start that rebuilds (the build's record of its inputs removed), median
 * of 5 each in the same run, and their ratio (issue 37: at most 25 %). Prints figures; asserts nothing.
 * Needs the built server (`npm run build`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/test/free-port.js';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(SERVER, '../..');
/** Where `npm run build` records each part's inputs (scripts/build.mjs). */
const BUILD_RECORD = path.join(ROOT, 'node_modules/.cache/ensemble-build');
const RUNS = 5;

/** Starts the server once; returns ms until /api/health is 200 and the resident memory then. */
async function startOnce(args: string[], command = process.execPath, cwd = SERVER): Promise<{ ms: number; rssMb: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ensemble-bench-start-'));
  const port = await freePort();
  const started = performance.now();
  // Its own process group, so that npm and the server it starts are stopped together.
  const child: ChildProcess = spawn(command, args, {
    cwd,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (let i = 0; i < 30_000; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      if (res?.status === 200) {
        const ms = performance.now() - started;
        const rssKb =
          command === process.execPath ? Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) : 0;
        return { ms, rssMb: rssKb / 1024 };
      }
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('server did not become healthy within 5 minutes');
  } finally {
    if (child.exitCode === null) process.kill(-(child.pid as number), 'SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function measure(label: string, start: () => Promise<{ ms: number; rssMb: number }>): Promise<number> {
  const runs: Array<{ ms: number; rssMb: number }> = [];
  for (let i = 0; i < RUNS; i++) runs.push(await start());
  const ms = runs.map((r) => r.ms);
  const rss = median(runs.map((r) => r.rssMb));
  console.log(
    `${label.padEnd(34)} start to healthy: median ${median(ms).toFixed(0)} ms (min ${Math.min(...ms).toFixed(0)}, max ${Math.max(...ms).toFixed(0)})${rss ? `; RSS ${rss.toFixed(0)} MB` : ''}`,
  );
  return median(ms);
}

if (!existsSync(path.join(SERVER, 'dist/main.js'))) {
  console.error('apps/server/dist is missing: run `npm run build` first.');
  process.exit(1);
}
await measure('built JavaScript (node dist/)', () => startOnce(['--enable-source-maps', '--conditions=ensemble-dist', 'dist/main.js']));
await measure('TypeScript through tsx (before)', () => startOnce(['--import', 'tsx', 'src/main.ts']));
const npmStart = () => startOnce(['start'], 'npm', ROOT);
const unchanged = await measure('npm start, nothing changed', npmStart);
const rebuilding = await measure('npm start that rebuilds', () => {
  rmSync(BUILD_RECORD, { recursive: true, force: true });
  return npmStart();
});
console.log(
  `npm start with nothing changed takes ${((100 * unchanged) / rebuilding).toFixed(1)} % of a start that rebuilds (goal: at most 25 %)`,
);
