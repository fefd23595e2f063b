import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DB } from './test/app-factory.js';
import { freePort } from './test/free-port.js';
import { builtEntry } from './test/built-server.js';

const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));

/** The descriptors a process holds on the socket listening at 127.0.0.1:port (read from /proc). */
function listeningCopies(pid: number, port: number): number {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const row = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find((f) => f[1]?.endsWith(hex) && f[3] === '0A');
  const inode = row?.[9];
  if (!inode) return 0;
  return readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`;
    } catch {
      return false;
    }
  }).length;
}

/** The helper processes (accept-handles.ts) whose parent is `pid`. */
function helpersOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const parent = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]?.split(' ')[1];
        return parent === String(pid) && readFileSync(`/proc/${d}/cmdline`, 'utf8').includes('listening-socket');
      } catch {
        return false;
      }
    })
    .map(Number);
}

const health = (port: number, agent: http.Agent) =>
  new Promise<number>((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', () => resolve(0));
  });

// The process-level start (main.ts): the listening socket opened ACCEPT_HANDLES times.
describe.runIf(TEST_DB === 'sqlite' && process.platform === 'linux')('ACCEPT_HANDLES', () => {
  let child: ChildProcess | undefined;
  let dataDir: string | undefined;
  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(handles: string): Promise<{ port: number; output: () => string }> {
    const port = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'ensemble-accept-'));
    let output = '';
    child = spawn(process.execPath, builtEntry('main'), {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ACCEPT_HANDLES: handles },
    });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    const end = Date.now() + 30_000;
    const agent = new http.Agent({ keepAlive: false });
    while ((await health(port, agent)) !== 200) {
      if (child.exitCode !== null || Date.now() > end) throw new Error(`the server did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { port, output: () => output };
  }

  it('accepts on that many copies of one listening socket, serves every connection, and closes them all on SIGTERM', async () => {
    const { port, output } = await start('4');
    const pid = child?.pid as number;
    // The server answers as soon as it listens; the copies come a moment later.
    const ready = Date.now() + 5_000;
    while (listeningCopies(pid, port) < 4 && Date.now() < ready) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listeningCopies(pid, port)).toBe(4);
    // The helper that made the copies is gone (it ends once the server has them all).
    const end = Date.now() + 5_000;
    while (helpersOf(pid).length > 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(helpersOf(pid)).toEqual([]);
    // 200 new connections at once, all answered by the one server.
    const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
    const codes = await Promise.all(Array.from({ length: 200 }, () => health(port, agent)));
    expect(codes.filter((c) => c === 200)).toHaveLength(200);
    expect(output()).not.toContain('ACCEPT_HANDLES');

    const exited = new Promise<number | null>((resolve) => child?.once('exit', resolve));
    child?.kill('SIGTERM');
    expect(await exited).toBe(0);
    // Nothing listens on the port any more: no copy kept the socket open.
    expect(await health(port, agent)).toBe(0);
  });

  it('keeps the one socket Node opens when set to 1', async () => {
    const { port } = await start('1');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(listeningCopies(child?.pid as number, port)).toBe(1);
  });
});
