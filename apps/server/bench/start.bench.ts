/**
 * Start benchmark: time from spawning the server to its first healthy answer, and its memory
 * then, for the built JavaScript (`node dist/main.js`, what `npm start` runs) against running the
 * TypeScript through tsx (what production did before). Prints figures; asserts nothing.
 * Needs the built server (`npm run build`).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/test/free-port.js';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = 5;

/** Starts the server once; returns ms until /api/health is 200 and the resident memory then. */
async function startOnce(args: string[]): Promise<{ ms: number; rssMb: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ensemble-bench-start-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: SERVER,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (let i = 0; i < 1200; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      if (res?.status === 200) {
        const ms = performance.now() - started;
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
        return { ms, rssMb: rssKb / 1024 };
      }
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('server did not become healthy within 12 s');
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function measure(label: string, args: string[]): Promise<void> {
  const runs: Array<{ ms: number; rssMb: number }> = [];
  for (let i = 0; i < RUNS; i++) runs.push(await startOnce(args));
  const ms = runs.map((r) => r.ms);
  console.log(
    `${label.padEnd(34)} start to healthy: median ${median(ms).toFixed(0)} ms (min ${Math.min(...ms).toFixed(0)}, max ${Math.max(...ms).toFixed(0)}); RSS ${median(runs.map((r) => r.rssMb)).toFixed(0)} MB`,
  );
}

if (!existsSync(path.join(SERVER, 'dist/main.js'))) {
  console.error('apps/server/dist is missing: run `npm run build` first.');
  process.exit(1);
}
await measure('built JavaScript (node dist/)', ['--enable-source-maps', '--conditions=ensemble-dist', 'dist/main.js']);
await measure('TypeScript through tsx (before)', ['--import', 'tsx', 'src/main.ts']);
