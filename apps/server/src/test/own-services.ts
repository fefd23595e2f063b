import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';
import { until } from './until.js';

/**
 * Services a test starts for itself (issue 44's outage tests), so it can stop and start them at will: never the
 * machine's shared PostgreSQL and Redis, which other test files use at the same time.
 */

/** Whether something accepts TCP connections on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

/** Steps run when the test process exits without having cleaned up (a crash, a timeout): nothing is left running. */
const atExit = new Set<() => void>();
let exitHooked = false;
function onExit(step: () => void): () => void {
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => {
      for (const s of atExit) {
        try {
          s();
        } catch {
          // best effort
        }
      }
    });
  }
  atExit.add(step);
  return () => atExit.delete(step);
}

export interface OwnRedis {
  url: string;
  port: number;
  /** Starts it again on the same port (empty: it keeps nothing). */
  start(): Promise<void>;
  /** Kills it (SIGKILL), as a crashed or restarted Redis. */
  stop(): Promise<void>;
}

/** A redis-server of the test's own on a free port, which it can stop and start again on that port. */
export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const alive = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  const start = async () => {
    if (alive()) return;
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const started = child;
    const forget = onExit(() => started.kill('SIGKILL'));
    started.once('exit', forget);
    await until(() => listening(port), 10_000);
  };
  const stop = async () => {
    if (!child || !alive()) return;
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop };
}

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:port/postgres (trust authentication). */
  url: string;
  port: number;
  /** Starts it again on the same port and data folder. */
  start(): Promise<void>;
  /** Stops it (`fast`: ends sessions and shuts down cleanly; `immediate`: as a crash). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops it if running and removes its folder. */
  close(): Promise<void>;
}

/** The folder of PostgreSQL's server programs (initdb, pg_ctl): pg_config's, else the newest under /usr/lib/postgresql. */
function postgresBinaries(): string {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(path.join(dir, 'pg_ctl')) && existsSync(path.join(dir, 'initdb'))) return dir;
  } catch {
    // no pg_config: look for the server's own folder
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error('PostgreSQL server programs (initdb, pg_ctl) not found');
  return path.join(root, versions[0], 'bin');
}

/**
 * A PostgreSQL server of the test's own: a fresh cluster (initdb) in a temporary folder on a free port, trust
 * authentication, listening on 127.0.0.1 only, with durability off (fsync, synchronous commit) so it starts and runs
 * fast. As root (the test machines), its programs run as the `postgres` OS user, which owns the folder; as any other
 * user, as that user.
 */
export async function ownPostgres(): Promise<OwnPostgres> {
  const bin = postgresBinaries();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'ensemble-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  const run = (program: string, args: string[]): Promise<string> => {
    const file = path.join(bin, program);
    const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    return new Promise((resolve, reject) => {
      const child = spawn(command, argv, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve(output) : reject(new Error(`${program} ${args.join(' ')}: exit ${code}\n${output}`)),
      );
    });
  };
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  let running = false;
  const stopNow = (mode: 'fast' | 'immediate') => run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '30', 'stop']);
  const forget = onExit(() => {
    if (!running) return;
    const args = ['-D', data, '-m', 'immediate', '-w', 'stop'];
    const file = path.join(bin, 'pg_ctl');
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'ignore' });
    else execFileSync(file, args, { stdio: 'ignore' });
  });
  const start = async () => {
    await run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-o', settings, '-w', '-t', '30', 'start']);
    running = true;
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    if (!running) return;
    await stopNow(mode);
    running = false;
  };
  try {
    await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
    await start();
  } catch (error) {
    await stop('immediate').catch(() => undefined);
    forget();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async close() {
      await stop('immediate').catch(() => undefined);
      forget();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
