/**
 * Relay benchmark (issues 17 and 45): Ensemble as a real server process (SQLite, and PostgreSQL with
 * Redis) against an OpenAI-format upstream fake (first token at 50 ms, 400 tokens at 50 tokens/s) and
 * a naive Node pass-through proxy as the floor, in one run. Prints issue 45's goals, each as a ratio
 * to the proxy's figure measured in the same run (absolute figures on a shared machine move 2-3x
 * between days; ratios do not); asserts nothing.
 *
 *   RELAY_BENCHES=ttft,cpu,load,admission,memory,redis   which parts to run (default: all)
 *   RELAY_TARGETS=sqlite,pg                              which Ensemble set-ups (default: both)
 *   BENCH_SCALE=1                                        memory bench size: 100,000 x scale requests
 *                                                        (the goal's figure; 0.1 is a quick look, whose
 *                                                        first tenth comes before the grace period fills)
 *   BENCH_GRACE=10000                                    memory bench: the server's STREAM_GRACE_MS
 *                                                        (default: the server's own default)
 *   HEAP_GROWTH_PERCENT=50                               the servers' HEAP_GROWTH_PERCENT (default: theirs)
 *   RELAY_ACCEPT_HANDLES=64                              the servers' ACCEPT_HANDLES (default: theirs, 64)
 *   RELAY_STREAMS=500                                    concurrent streams of the load bench
 *   RELAY_TTFT_RUNS=3                                    goals 3-4 (20 chats at once): runs per target, each figure their median
 *   RELAY_LOAD_RUNS=3                                    goals 1, 2, 4 (500 and 300 streams): runs per target, medians
 *   RELAY_COMPARE=ACCEPT_HANDLES=1,STREAM_COALESCE_MS=0  instead of the benches: each speed mechanism on (the server's
 *                                                        default) and off (the setting given), in RELAY_PAIRS
 *                                                        interleaved pairs on RELAY_TARGETS' first set-up; prints each
 *                                                        goal's ratio to the proxy, on and off (medians), and whether
 *                                                        the mechanism improves one by at least 10 % (it stays) or not
 *   RELAY_PAIRS=5                                        pairs per mechanism in RELAY_COMPARE
 *   RELAY_POOL_MAX=10                                    the servers' DATABASE_POOL_MAX (default: theirs, 10)
 *   RELAY_MAX_LAG=100                                    admission bench: the server's ADMISSION_MAX_LAG_MS (0: off)
 *   RELAY_PROF=/tmp/dir                                  write the server's CPU profiles there
 *   RELAY_NODE_ARGS="--flag ..."                         more node flags for the servers (a preload to trace them, say)
 *   RELAY_DEBUG=1                                        print per-stream outcomes of the load runs
 * Needs the built server (`npm run build`), PostgreSQL at 127.0.0.1:5432 (db `test`) and Redis at
 * 127.0.0.1:6379 for the pg target (TEST_DATABASE_URL / TEST_REDIS_URL override them).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Db, openDb } from '../src/db/connection.js';
import { hashSessionId } from '../src/features/session/service.js';
import { freePort } from '../src/test/free-port.js';
import { redisMonitor } from '../src/test/redis-monitor.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SERVER = path.resolve(HERE, '..');
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SCALE = Number(process.env.BENCH_SCALE ?? '1');
const STREAMS = Number(process.env.RELAY_STREAMS ?? '500');
const BENCHES = new Set((process.env.RELAY_BENCHES ?? 'ttft,cpu,load,admission,memory,redis').split(','));
const TTFT_RUNS = Math.max(1, Number(process.env.RELAY_TTFT_RUNS ?? '3'));
const LOAD_RUNS = Math.max(1, Number(process.env.RELAY_LOAD_RUNS ?? '3'));
const TARGETS = (process.env.RELAY_TARGETS ?? 'sqlite,pg').split(',') as Array<'sqlite' | 'pg'>;
const TOKENS = 400;
const WARM_ROUNDS = Number(process.env.RELAY_WARM_ROUNDS ?? '10');
const TOKENS_PER_S = 50;
const SECRET = 'relay-bench-session-secret-0123456789abcdef';
const METRICS_TOKEN = 'relay-bench-metrics-token';
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

// ---------- figures ----------
const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] as number;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const us = (x: number) => `${x.toFixed(1)} µs`;
const mark = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
function goal(name: string, figure: string, target: string, ok: boolean): void {
  console.log(`  ${name.padEnd(58)} ${figure.padEnd(34)} goal ${target.padEnd(22)} ${mark(ok)}`);
}

// ---------- processes ----------
interface Proc {
  child: ChildProcess;
  port: number;
  stop(): Promise<void>;
}

/** CPU seconds a process has used (utime + stime from /proc). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

// Whatever happens to the bench, the processes it started end with it.
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

function startScript(file: string, args: string[]): Promise<Proc> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.add(child);
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
    child.stdout?.on('data', (d: Buffer) => {
      const m = /ready (\d+)/.exec(d.toString());
      if (m) resolve({ child, port: Number(m[1]), stop: () => stopChild(child) });
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    // A profiled server writes its profile on a normal exit.
    child.kill(process.env.RELAY_PROF ? 'SIGTERM' : 'SIGKILL');
  });
}

interface Ensemble extends Proc {
  kind: 'sqlite' | 'pg';
  db: Db;
  owners: Owner[];
  metric(name: string): Promise<number>;
}
interface Owner {
  guestId: number;
  cookie: string;
  threadId: number;
}

async function startEnsemble(
  kind: 'sqlite' | 'pg',
  upstreamPort: number,
  owners: number,
  env: Record<string, string> = {},
): Promise<Ensemble> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ensemble-bench-relay-'));
  const port = await freePort();
  let schema: string | undefined;
  const extra: Record<string, string> = {};
  if (kind === 'pg') {
    schema = `bench_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    extra.DATABASE_URL = `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    extra.REDIS_URL = REDIS_URL;
  }
  const prof = [
    ...(process.env.RELAY_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.RELAY_PROF}`] : []),
    ...(process.env.RELAY_NODE_ARGS ? process.env.RELAY_NODE_ARGS.split(' ') : []),
  ];
  const child = spawn(process.execPath, [...prof, '--conditions=ensemble-dist', 'dist/main.js'], {
    cwd: SERVER,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      SESSION_SECRET: SECRET,
      METRICS_TOKEN,
      DEMO_MODE: 'off',
      // Every simulated user connects from this one address.
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      // The load parts start 500 streams at once, past the default's capacity: all are admitted (the admission part
      // sets its own).
      MAX_CONCURRENT_STREAMS: '1000',
      OPENAI_API_KEY: 'sk-bench-relay',
      OPENAI_BASE_URL: `http://127.0.0.1:${upstreamPort}/v1`,
      ...extra,
      ...(process.env.HEAP_GROWTH_PERCENT ? { HEAP_GROWTH_PERCENT: process.env.HEAP_GROWTH_PERCENT } : {}),
      ...(process.env.RELAY_ACCEPT_HANDLES ? { ACCEPT_HANDLES: process.env.RELAY_ACCEPT_HANDLES } : {}),
      ...(process.env.RELAY_POOL_MAX ? { DATABASE_POOL_MAX: process.env.RELAY_POOL_MAX } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  for (let i = 0; ; i++) {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    if (res?.status === 200) break;
    if (child.exitCode !== null || i > 3000) {
      await stopChild(child);
      throw new Error(`Ensemble (${kind}) did not start`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const db = openDb({ dataDir, databaseUrl: extra.DATABASE_URL, pgSchema: schema });
  const stop = async () => {
    await stopChild(child);
    await db.close();
    if (schema) {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const seeded = await seedOwners(db, port, owners).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  const metric = async (name: string) => {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = await res.text();
    const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
    return line ? Number(line.split(' ').at(-1)) : Number.NaN;
  };
  return { child, port, stop, kind, db, owners: seeded, metric };
}

/** Guests with plenty of credits and a session each, written straight into the database, and a thread each. */
async function seedOwners(db: Db, port: number, count: number): Promise<Owner[]> {
  const owners: Owner[] = [];
  const t = new Date().toISOString();
  for (let i = 0; i < count; i += 200) {
    const n = Math.min(200, count - i);
    const rows = Array.from({ length: n }, () => ({
      credits: 10_000_000,
      credits_used: 0,
      client_address: '203.0.113.7',
      retired_at: null,
      created_at: t,
    }));
    const ids = await db.kysely.insertInto('guests').values(rows).returning('id').execute();
    const sessions = ids.map(({ id }) => ({ raw: randomBytes(32).toString('base64url'), id }));
    await db.kysely
      .insertInto('sessions')
      .values(
        sessions.map((s) => ({
          id_hash: hashSessionId(SECRET, s.raw),
          user_id: null,
          guest_id: s.id,
          created_at: t,
          last_seen_at: t,
          expires_at: new Date(Date.now() + 864e5).toISOString(),
        })),
      )
      .execute();
    for (const s of sessions) owners.push({ guestId: s.id, cookie: `ensemble_sid=${s.raw}`, threadId: 0 });
  }
  await pool(owners, 20, async (o) => {
    const res = await requestJson(port, 'POST', '/api/threads/create_thread.php', o.cookie, { title: 'Bench', force: true });
    const id = (res.body as { thread_id?: number }).thread_id;
    if (!id) throw new Error(`creating a thread failed: ${res.status} ${JSON.stringify(res.body)}`);
    o.threadId = id;
  });
  return owners;
}

async function pool<T>(items: T[], width: number, run: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await run(items[i] as T, i);
      }
    }),
  );
}

// ---------- clients ----------
function requestJson(
  port: number,
  method: string,
  p: string,
  cookie: string,
  body?: unknown,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: unknown; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      { host: '127.0.0.1', port, method, path: p, agent, headers: { cookie, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed, ms: performance.now() - started });
        });
        res.on('error', () => resolve({ status: 0, headers: {}, body: null, ms: performance.now() - started }));
      },
    );
    // A refused or reset connection is an answer too (status 0), not a crash of the bench.
    req.on('error', () => resolve({ status: 0, headers: {}, body: null, ms: performance.now() - started }));
    req.end(payload);
  });
}

interface StreamResult {
  ok: boolean;
  ttft: number;
  gaps: number[];
  events: number;
  chars: number;
  refused?: { status: number; ms: number; retryAfter: string | undefined; message: string | undefined };
}

/**
 * Reads an event stream; `content(data)` gives the content length an event carries. Stops at [DONE],
 * or after `stopAfter` content events (then closes the connection, as an aborting client does).
 */
function readStream(
  req: http.ClientRequest,
  started: number,
  content: (data: string) => number,
  stopAfter?: number,
): Promise<StreamResult> {
  return new Promise((resolve) => {
    const r: StreamResult = { ok: false, ttft: Number.NaN, gaps: [], events: 0, chars: 0 };
    let last = 0;
    let buffer = '';
    let settled = false;
    const finish = (ok: boolean) => {
      if (settled) return;
      settled = true;
      r.ok = ok;
      resolve(r);
    };
    req.on('error', () => finish(false));
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return finish(false);
      }
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        buffer += d;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
          const at = block.indexOf('data: ');
          if (at < 0) continue;
          const data = block.slice(at + 6);
          if (data === '[DONE]') {
            res.destroy();
            return finish(true);
          }
          const n = content(data);
          if (n <= 0) continue;
          const now = performance.now();
          if (r.events === 0) r.ttft = now - started;
          else r.gaps.push(now - last);
          last = now;
          r.events++;
          r.chars += n;
          if (stopAfter !== undefined && r.events >= stopAfter) {
            res.destroy();
            return finish(true);
          }
        }
      });
      res.on('close', () => {
        if (process.env.RELAY_DEBUG && !r.ok) console.log(`  debug: closed without [DONE]; left: ${JSON.stringify(buffer.slice(-300))}`);
        finish(false);
      });
    });
  });
}

const openaiContent = (data: string) => {
  const at = data.indexOf('"delta":{"content":"');
  return at < 0 ? 0 : data.indexOf('"', at + 20) - (at + 20) || 0;
};
const ensembleContent = (data: string) => (data.startsWith('{"content"') ? (JSON.parse(data) as { content: string }).content.length : 0);

/** One streamed completion straight from an OpenAI-format endpoint (the fake, or the proxy in front of it). */
function openaiStream(port: number, prompt: string, stopAfter?: number): Promise<StreamResult> {
  const started = performance.now();
  const body = JSON.stringify({ model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: prompt }] });
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/v1/chat/completions',
    agent,
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench-relay' },
  });
  const result = readStream(req, started, openaiContent, stopAfter);
  req.end(body);
  return result;
}

/** One chat through Ensemble: POST chat.php, then the event stream; time to first token from the POST. */
async function ensembleStream(
  e: Ensemble,
  owner: Owner,
  prompt: string,
  options: { comparison?: boolean; stopAfter?: number; stop?: boolean } = {},
): Promise<StreamResult> {
  const started = performance.now();
  const post = await requestJson(e.port, 'POST', '/api/messages/chat.php', owner.cookie, {
    thread_id: options.comparison ? null : owner.threadId,
    model: 'gpt-4o',
    stream: true,
    ...(options.comparison ? { is_comparison: true } : {}),
    messages: [{ role: 'user', content: prompt }],
  });
  if (post.status !== 200) {
    const message = (post.body as { message?: string } | null)?.message;
    return {
      ok: false,
      ttft: Number.NaN,
      gaps: [],
      events: 0,
      chars: 0,
      refused: { status: post.status, ms: post.ms, retryAfter: post.headers['retry-after'] as string | undefined, message },
    };
  }
  const streamId = (post.body as { data: { stream_id: string } }).data.stream_id;
  const req = http.request({
    host: '127.0.0.1',
    port: e.port,
    method: 'GET',
    path: `/api/messages/chat.php?stream=true&stream_id=${streamId}`,
    agent,
    headers: { cookie: owner.cookie, accept: 'text/event-stream' },
  });
  const result = readStream(req, started, ensembleContent, options.stopAfter);
  req.end();
  const r = await result;
  if (options.stop) await requestJson(e.port, 'POST', '/api/messages/stop.php', owner.cookie, { stream_id: streamId });
  return r;
}

/** " (2.6x the naive proxy's 2.8 ms)": a figure beside the proxy's on the same machine, when measured. */
const ofProxy = (figure: number, proxy: number | undefined, unit: (n: number) => string) =>
  proxy === undefined ? '' : ` (${(figure / proxy).toFixed(2)}x the naive proxy's ${unit(proxy)} on this machine in this run)`;

// ---------- benches ----------
type Target = { name: string; run: (i: number, prompt: string, stopAfter?: number) => Promise<StreamResult>; pid: number };
const SHORT = 'Say something short [bench:short]';
const LONG = 'Tell me about relays';

async function ttftFigures(t: Target): Promise<{ seqP50: number; concP95: number; cpuPerChat: number }> {
  for (let i = 0; i < 3; i++) await t.run(i, SHORT); // warm up
  const seq: number[] = [];
  for (let i = 0; i < 30; i++) seq.push((await t.run(i, SHORT)).ttft);
  const conc: number[] = [];
  const before = cpuSeconds(t.pid);
  for (let round = 0; round < 5; round++) {
    const rs = await Promise.all(Array.from({ length: 20 }, (_, i) => t.run(round * 20 + i, SHORT)));
    conc.push(...rs.map((r) => r.ttft));
  }
  await new Promise((r) => setTimeout(r, 300)); // the server's last saves after [DONE]
  // What one short chat (40 tokens) costs the target, start to end: 20 at once wait for each other's share.
  const cpuPerChat = ((cpuSeconds(t.pid) - before) / 100) * 1000;
  return { seqP50: pct(seq, 50), concP95: pct(conc, 95), cpuPerChat };
}

const median = (xs: number[]) => pct(xs, 50);

/**
 * Goal 1's figures as the issue measured them: the median of `TTFT_RUNS` runs of each (one run
 * swings by tens of percent on a shared two-core machine), with every run's figures shown.
 */
async function ttftMedians(t: Target): Promise<{ seqP50: number; concP95: number; cpuPerChat: number; runs: string }> {
  const runs: Array<{ seqP50: number; concP95: number; cpuPerChat: number }> = [];
  for (let i = 0; i < TTFT_RUNS; i++) runs.push(await ttftFigures(t));
  return {
    seqP50: median(runs.map((r) => r.seqP50)),
    concP95: median(runs.map((r) => r.concP95)),
    cpuPerChat: median(runs.map((r) => r.cpuPerChat)),
    runs: runs.map((r) => `${r.seqP50.toFixed(1)}/${r.concP95.toFixed(1)}`).join(', '),
  };
}

/**
 * CPU per relayed token of `t` over `streams` long streams, started all at once or, with `spread`,
 * over one second as the load bench starts Ensemble's; with their TTFT p95 and inter-event gap p99.
 */
async function cpuPerToken(
  t: Target,
  streams: number,
  spread = false,
): Promise<{ perToken: number; done: number; ttftP50: number; ttftP95: number; gapP99: number }> {
  await Promise.all(Array.from({ length: 5 }, (_, i) => t.run(i, SHORT)));
  const before = cpuSeconds(t.pid);
  const rs = await Promise.all(
    Array.from({ length: streams }, async (_, i) => {
      if (spread) await new Promise((r) => setTimeout(r, (i / streams) * 1000));
      return t.run(i, LONG);
    }),
  );
  await new Promise((r) => setTimeout(r, 300)); // the server's last saves after [DONE]
  const cpu = cpuSeconds(t.pid) - before;
  // Only streams read to their end count as relayed tokens.
  const done = rs.filter((r) => r.ok).length;
  if (done < streams) console.log(`  (${t.name}: only ${done} of ${streams} streams ran to [DONE])`);
  const ttfts = rs.map((r) => r.ttft);
  const ttftP50 = pct(ttfts, 50);
  const ttftP95 = pct(ttfts, 95);
  const gapP99 = pct(
    rs.flatMap((r) => r.gaps),
    99,
  );
  return { perToken: done ? (cpu / (done * TOKENS)) * 1e6 : Number.NaN, done, ttftP50, ttftP95, gapP99 };
}

/**
 * The connections waiting in the kernel for a listening port to accept them now (Linux: the
 * rx_queue of the LISTEN row in /proc/net/tcp); NaN where that cannot be read.
 */
function acceptQueue(port: number): number {
  try {
    const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
    for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n')) {
      const f = line.trim().split(/\s+/);
      if (f[1]?.endsWith(hex) && f[3] === '0A') return Number.parseInt(f[4]?.split(':')[1] ?? '', 16);
    }
  } catch {}
  return Number.NaN;
}

interface LoadFigures {
  /** The most connections seen waiting to be accepted (see acceptQueue). */
  acceptQueueMax: number;
  complete: number;
  ttftP50: number;
  ttftP95: number;
  gapP99: number;
  healthP99: number;
  perToken: number;
  refusedMsP99?: number;
  /** The bench client's own event-loop delay, p99: every time it measures includes up to this much. */
  clientLagP99: number;
}

/** The client shares the two cores: how late its own loop ran, which its TTFT, gap, health and refusal times include. */
const clientLagLine = (f: LoadFigures) =>
  `  the bench client's own event-loop delay, p99: ${ms(f.clientLagP99)} (the times above include up to that much of the client's own waiting)`;

async function load(e: Ensemble, count: number, pidForCpu: number): Promise<{ figures: LoadFigures; results: StreamResult[] }> {
  const health: number[] = [];
  let probing = true;
  let acceptQueueMax = 0;
  const probe = (async () => {
    while (probing) {
      const r = await requestJson(e.port, 'GET', '/api/health', '');
      health.push(r.ms);
      await new Promise((res) => setTimeout(res, 50));
    }
  })();
  const queueWatch = setInterval(() => {
    acceptQueueMax = Math.max(acceptQueueMax, acceptQueue(e.port));
  }, 50);
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const before = cpuSeconds(pidForCpu);
  // All at once, spread over one second as users would come.
  const results = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      await new Promise((r) => setTimeout(r, (i / count) * 1000));
      return ensembleStream(e, e.owners[i % e.owners.length] as Owner, LONG);
    }),
  );
  await new Promise((r) => setTimeout(r, 300));
  const cpu = cpuSeconds(pidForCpu) - before;
  lag.disable();
  probing = false;
  clearInterval(queueWatch);
  await probe;
  const accepted = results.filter((r) => !r.refused);
  if (process.env.RELAY_DEBUG)
    console.log(
      `  debug: ${results.length} started, ${accepted.length} accepted, ${accepted.filter((r) => r.ok).length} done, events per stream p50 ${pct(
        accepted.map((r) => r.events),
        50,
      )}, chars p50 ${pct(
        accepted.map((r) => r.chars),
        50,
      )}, short replies ${accepted.filter((r) => r.chars < 1000).length}`,
    );
  const tokens = accepted.filter((r) => r.ok).length * TOKENS;
  return {
    results,
    figures: {
      acceptQueueMax,
      complete: (accepted.filter((r) => r.ok).length / Math.max(1, accepted.length)) * 100,
      ttftP50: pct(
        accepted.map((r) => r.ttft),
        50,
      ),
      ttftP95: pct(
        accepted.map((r) => r.ttft),
        95,
      ),
      gapP99: pct(
        accepted.flatMap((r) => r.gaps),
        99,
      ),
      healthP99: pct(health, 99),
      perToken: tokens ? (cpu / tokens) * 1e6 : Number.NaN,
      clientLagP99: lag.percentile(99) / 1e6,
    },
  };
}

/** Goals 1, 2 and 4's load figures: medians of LOAD_RUNS runs each at STREAMS and at 300 streams, alternating. */
interface LoadMedians {
  ttftP50: number;
  perToken: number;
  gapP99: number;
  ttftP95At300: number;
}
async function loadMedians(
  run: (count: number) => Promise<{ ttftP50: number; ttftP95: number; perToken: number; gapP99: number }>,
): Promise<LoadMedians> {
  const full: Array<{ ttftP50: number; perToken: number; gapP99: number }> = [];
  const at300: number[] = [];
  for (let i = 0; i < LOAD_RUNS; i++) {
    full.push(await run(STREAMS));
    at300.push((await run(300)).ttftP95);
  }
  return {
    ttftP50: median(full.map((f) => f.ttftP50)),
    perToken: median(full.map((f) => f.perToken)),
    gapP99: median(full.map((f) => f.gapP99)),
    ttftP95At300: median(at300),
  };
}

/** One run's goal figures, each as a ratio to the proxy's (lower is better). */
interface GoalRatios {
  g1: number;
  g2: number;
  g3: number;
  g4token: number;
  g4chat: number;
}
const GOAL_NAMES: Array<[keyof GoalRatios, string]> = [
  ['g1', `1. TTFT p50, ${STREAMS} streams`],
  ['g2', '2. TTFT p95, 300 streams'],
  ['g3', '3. added TTFT p95, 20 at once'],
  ['g4token', `4. CPU per token, ${STREAMS} streams`],
  ['g4chat', '4. CPU per short chat'],
];

/** The proxy's figures the ratios divide by: one measurement, at the start of the comparison. */
interface ProxyFloor {
  direct95: number;
  added95: number;
  chat: number;
  load: LoadMedians;
}

/** One run of every goal on a fresh server with `env`, as ratios to the proxy's figures. */
async function goalRatios(
  kind: 'sqlite' | 'pg',
  upstreamPort: number,
  env: Record<string, string>,
  floor: ProxyFloor,
): Promise<GoalRatios> {
  const e = await startEnsemble(kind, upstreamPort, 1000, env);
  try {
    const t: Target = {
      name: `Ensemble ${kind}`,
      pid: e.child.pid as number,
      run: (i, p, stop) => ensembleStream(e, e.owners[i % e.owners.length] as Owner, p, { stopAfter: stop }),
    };
    const f = await ttftFigures(t);
    const full = await load(e, STREAMS, t.pid);
    const at300 = await load(e, 300, t.pid);
    // Added time within 1 ms of none reads as a ratio of 1 (the proxy's own added figure is a few ms).
    const added = Math.max(0, f.concP95 - floor.direct95);
    return {
      g1: full.figures.ttftP50 / floor.load.ttftP50,
      g2: at300.figures.ttftP95 / floor.load.ttftP95At300,
      g3: added / Math.max(1, floor.added95),
      g4token: full.figures.perToken / floor.load.perToken,
      g4chat: f.cpuPerChat / floor.chat,
    };
  } finally {
    await e.stop();
  }
}

/**
 * Issue 45: each speed mechanism on (the default) and off, in interleaved pairs (on-off, then off-on), each goal's
 * ratio to the proxy compared by its median. A mechanism stays only where it improves some goal's ratio by 10 %.
 */
async function compareMechanisms(upstreamPort: number, direct: Target, naive: Target): Promise<void> {
  const kind = TARGETS[0] as 'sqlite' | 'pg';
  const pairs = Math.max(1, Number(process.env.RELAY_PAIRS ?? '5'));
  const settings = (process.env.RELAY_COMPARE ?? '').split(',').filter(Boolean);
  const d = await ttftMedians(direct);
  const p = await ttftMedians(naive);
  const floor: ProxyFloor = {
    direct95: d.concP95,
    added95: p.concP95 - d.concP95,
    chat: p.cpuPerChat,
    load: await loadMedians((count) => cpuPerToken(naive, count, true)),
  };
  console.log(
    `\n-- speed mechanisms on ${kind}, ${pairs} interleaved on/off pairs each; the proxy: added TTFT p95 ${ms(floor.added95)}, CPU per short chat ${ms(floor.chat)}, ${STREAMS} streams TTFT p50 ${ms(floor.load.ttftP50)} and ${us(floor.load.perToken)} per token, 300 streams TTFT p95 ${ms(floor.load.ttftP95At300)}`,
  );
  for (const setting of settings) {
    const [name, value] = setting.split('=') as [string, string];
    const on: GoalRatios[] = [];
    const off: GoalRatios[] = [];
    for (let i = 0; i < pairs; i++) {
      const runOff = () => goalRatios(kind, upstreamPort, { [name]: value }, floor);
      const runOn = () => goalRatios(kind, upstreamPort, {}, floor);
      if (i % 2 === 0) {
        on.push(await runOn());
        off.push(await runOff());
      } else {
        off.push(await runOff());
        on.push(await runOn());
      }
    }
    let pays = false;
    console.log(`  ${name}: on (the default) vs off (${name}=${value}), ratios to the proxy, medians of ${pairs}`);
    for (const [key, label] of GOAL_NAMES) {
      const a = median(on.map((r) => r[key]));
      const b = median(off.map((r) => r[key]));
      const gain = (b - a) / b;
      if (gain >= 0.1) pays = true;
      console.log(
        `    ${label.padEnd(34)} on ${a.toFixed(2).padStart(6)}x   off ${b.toFixed(2).padStart(6)}x   ${gain >= 0 ? 'better' : 'worse'} by ${(Math.abs(gain) * 100).toFixed(0)} % with it`,
      );
    }
    console.log(`    -> ${name}: ${pays ? 'PAYS (some goal at least 10 % better with it)' : 'DOES NOT PAY (no goal 10 % better with it)'}`);
  }
}

async function main(): Promise<void> {
  if (!existsSync(path.join(SERVER, 'dist/main.js'))) {
    console.error('apps/server/dist is missing: run `npm run build` first.');
    process.exit(1);
  }
  console.log(
    `Relay bench: ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} at start (figures are only fair on an idle machine); upstream ${TOKENS} tokens at ${TOKENS_PER_S}/s, first at 50 ms; benches ${[...BENCHES].join(',')}; targets ${TARGETS.join(',')}`,
  );
  const fake = await startScript(path.join(HERE, 'relay/upstream-fake.mjs'), ['0']);
  const proxy = await startScript(path.join(HERE, 'relay/naive-proxy.mjs'), ['0', String(fake.port)]);
  const direct: Target = { name: 'direct', pid: fake.child.pid as number, run: (_i, p, s) => openaiStream(fake.port, p, s) };
  const naive: Target = { name: 'naive proxy', pid: proxy.child.pid as number, run: (_i, p, s) => openaiStream(proxy.port, p, s) };
  const ensembleTarget = (e: Ensemble): Target => ({
    name: `Ensemble ${e.kind}`,
    pid: e.child.pid as number,
    run: (i, p, s) => ensembleStream(e, e.owners[i % e.owners.length] as Owner, p, { stopAfter: s }),
  });
  const label = (k: 'sqlite' | 'pg') => (k === 'sqlite' ? 'SQLite' : 'PostgreSQL+Redis');
  try {
    if (process.env.RELAY_COMPARE) return await compareMechanisms(fake.port, direct, naive);
    let baseline: Awaited<ReturnType<typeof ttftMedians>> | undefined;
    let proxyCpu: number | undefined;
    // The proxy's own figures on this run's machine, so each of Ensemble's reads as a ratio to the floor too.
    let proxyChat: number | undefined;
    let proxyAdded: number | undefined;
    if (BENCHES.has('ttft') || BENCHES.has('cpu')) {
      console.log('\n-- baseline');
      if (BENCHES.has('ttft')) {
        baseline = await ttftMedians(direct);
        const p = await ttftMedians(naive);
        proxyChat = p.cpuPerChat;
        proxyAdded = p.concP95 - baseline.concP95;
        console.log(
          `  direct TTFT p50 sequential ${ms(baseline.seqP50)}, p95 at 20 concurrent ${ms(baseline.concP95)} (medians of ${TTFT_RUNS} runs: ${baseline.runs} ms)`,
        );
        console.log(
          `  naive proxy added TTFT p50 ${ms(p.seqP50 - baseline.seqP50)}, p95 at 20 concurrent ${ms(p.concP95 - baseline.concP95)}; CPU per short chat ${ms(p.cpuPerChat)}`,
        );
      }
      if (BENCHES.has('cpu')) {
        const d = await cpuPerToken(direct, 50);
        const p = await cpuPerToken(naive, 50);
        proxyCpu = p.perToken;
        console.log(`  CPU per token: upstream fake ${us(d.perToken)}, naive proxy ${us(p.perToken)} (50 streams x ${TOKENS} tokens)`);
      }
    }
    // The proxy's load figures: medians of LOAD_RUNS runs at STREAMS and at 300 streams, spread over one second.
    let proxyLoad: LoadMedians | undefined;
    if (BENCHES.has('load')) {
      proxyLoad = await loadMedians((count) => cpuPerToken(naive, count, true));
      console.log(
        `\n-- naive proxy, medians of ${LOAD_RUNS} runs: ${STREAMS} streams over 1 s: TTFT p50 ${ms(proxyLoad.ttftP50)}, ${us(proxyLoad.perToken)} per token -> ${(1e6 / (proxyLoad.perToken * TOKENS_PER_S)).toFixed(0)} streams per core (the floor for any Node relay here), inter-event gap p99 ${ms(proxyLoad.gapP99)}; 300 streams: TTFT p95 ${ms(proxyLoad.ttftP95At300)}`,
      );
    }
    for (const kind of TARGETS) {
      const e = await startEnsemble(kind, fake.port, 1000);
      try {
        console.log(`\n-- Ensemble ${label(kind)}`);
        const t = ensembleTarget(e);
        if (BENCHES.has('ttft') && baseline) {
          const f = await ttftMedians(t);
          const added = f.concP95 - baseline.concP95;
          console.log(
            `  TTFT p50 sequential / p95 at 20 concurrent, by run: ${f.runs} ms (the goals take their medians, less the direct ones); added p50 sequential ${ms(f.seqP50 - baseline.seqP50)}`,
          );
          if (proxyAdded !== undefined) {
            const limit = Math.max(6 * proxyAdded, proxyAdded + 25);
            goal(
              '3. added TTFT p95, 20 chats at once',
              `${ms(added)} = ${(added / proxyAdded).toFixed(1)}x the proxy's ${ms(proxyAdded)}`,
              `<= ${ms(limit)} (6x, or +25 ms)`,
              added <= limit,
            );
          }
          if (proxyChat !== undefined) {
            const ratio = f.cpuPerChat / proxyChat;
            goal(
              '4. CPU per short chat (40 tokens), 20 at once',
              `${ms(f.cpuPerChat)} = ${ratio.toFixed(2)}x`,
              '<= 2x the proxy',
              ratio <= 2,
            );
          }
        }
        if (BENCHES.has('cpu') && proxyCpu !== undefined) {
          const c = await cpuPerToken(t, 50);
          console.log(`  CPU per token, 50 streams at once: ${us(c.perToken)}${ofProxy(c.perToken, proxyCpu, us)}`);
        }
        if (BENCHES.has('redis') && kind === 'pg') await redisCommands(e);
        if (BENCHES.has('load') && proxyLoad) {
          const runs: LoadFigures[] = [];
          const f = await loadMedians(async (count) => {
            const { figures } = await load(e, count, e.child.pid as number);
            if (count === STREAMS) runs.push(figures);
            return figures;
          });
          const complete = Math.min(...runs.map((r) => r.complete));
          console.log(
            `  ${STREAMS} streams, by run: TTFT p50 ${runs.map((r) => ms(r.ttftP50)).join(', ')}; completed at least ${complete.toFixed(1)} %; inter-event gap p99 ${ms(f.gapP99)}; /api/health p99 ${ms(median(runs.map((r) => r.healthP99)))}; connections waiting to be accepted, at most ${Math.max(...runs.map((r) => r.acceptQueueMax))}`,
          );
          console.log(clientLagLine(runs.at(-1) as LoadFigures));
          const p50 = f.ttftP50 / proxyLoad.ttftP50;
          const p50Limit = kind === 'sqlite' ? 2 : 3;
          goal(
            `1. TTFT p50, ${STREAMS} streams over 1 s`,
            `${ms(f.ttftP50)} = ${p50.toFixed(2)}x`,
            `<= ${p50Limit}x the proxy`,
            p50 <= p50Limit,
          );
          const p95 = f.ttftP95At300 / proxyLoad.ttftP95At300;
          goal('2. TTFT p95, 300 streams over 1 s', `${ms(f.ttftP95At300)} = ${p95.toFixed(2)}x`, '<= 2x the proxy', p95 <= 2);
          const cpu = f.perToken / proxyLoad.perToken;
          goal(`4. CPU per token, ${STREAMS} streams`, `${us(f.perToken)} = ${cpu.toFixed(2)}x`, '<= 1.25x the proxy', cpu <= 1.25);
          console.log(`  -> ${(1e6 / (f.perToken * TOKENS_PER_S)).toFixed(0)} streams of ${TOKENS_PER_S} tokens/s per core`);
        }
        if (kind === 'pg') {
          const waits = await e.metric('ensemble_db_pool_waits_total');
          console.log(
            `  PostgreSQL pool (DATABASE_POOL_MAX=${process.env.RELAY_POOL_MAX ?? 10}): ${waits} checkouts waited for a connection over this run`,
          );
        }
      } finally {
        await e.stop();
      }
    }
    if (BENCHES.has('admission')) await admission(fake.port);
    if (BENCHES.has('memory')) for (const kind of TARGETS) await memory(fake.port, kind);
  } finally {
    await proxy.stop();
    await fake.stop();
    agent.destroy();
  }
}

/** Redis commands the stream hub sends for one reply, counted with MONITOR on the keys of that reply's stream. */
async function redisCommands(e: Ensemble): Promise<void> {
  const perStream = new Map<string, number>();
  const monitor = await redisMonitor(REDIS_URL, (args) => {
    const k = args.find((a) => a.startsWith('ens:stream:'));
    const id = k?.split(':')[2];
    if (id) perStream.set(id, (perStream.get(id) ?? 0) + 1);
  });
  const rs = await Promise.all(Array.from({ length: 5 }, (_, i) => ensembleStream(e, e.owners[i] as Owner, LONG)));
  const complete = rs.filter((r) => r.ok).length;
  if (process.env.RELAY_DEBUG)
    console.log(`  debug: events ${rs.map((r) => r.events)}, chars ${rs.map((r) => r.chars)}, ttft ${rs.map((r) => r.ttft.toFixed(0))}`);
  await new Promise((r) => setTimeout(r, 500));
  monitor.close();
  const counts = [...perStream.values()];
  const avg = counts.reduce((a, b) => a + b, 0) / Math.max(1, counts.length);
  const events = rs.reduce((a, r) => a + r.events, 0) / rs.length;
  console.log(
    `  Redis stream-hub commands per ${TOKENS}-token reply: ${avg.toFixed(0)} (${(avg / TOKENS).toFixed(2)} a token; ${events.toFixed(0)} content events a reply; ${complete} of 5 replies read to [DONE]; before: ~5 a token)`,
  );
}

/** Runs a few rounds of chats so that the server's code is compiled before a figure is taken. */
async function warmUp(e: Ensemble): Promise<void> {
  for (let round = 0; round < WARM_ROUNDS; round++)
    await Promise.all(Array.from({ length: 20 }, (_, i) => ensembleStream(e, e.owners[i % e.owners.length] as Owner, SHORT)));
  await new Promise((r) => setTimeout(r, 300));
}

/** Twice the capacity at once: beyond the limit, a fast 503 that charges nothing; the accepted ones keep the load goals. */
async function admission(upstreamPort: number): Promise<void> {
  const capacity = STREAMS;
  const maxLag = process.env.RELAY_MAX_LAG ?? '100';
  const e = await startEnsemble('sqlite', upstreamPort, capacity * 2, {
    MAX_CONCURRENT_STREAMS: String(capacity),
    ADMISSION_MAX_LAG_MS: maxLag,
  });
  try {
    console.log(
      `\n-- admission control, SQLite, MAX_CONCURRENT_STREAMS=${capacity}, ADMISSION_MAX_LAG_MS=${maxLag}, ${capacity * 2} chats at once`,
    );
    // A server that has run for a while: its code compiled, its statements prepared (as in the load bench, which follows the others).
    await warmUp(e);
    const before = await e.db.kysely.selectFrom('guests').select(['id', 'credits_used']).execute();
    const used = new Map(before.map((r) => [r.id, r.credits_used]));
    const { figures: f, results } = await load(e, capacity * 2, e.child.pid as number);
    const refused = results.map((r, i) => ({ r, owner: e.owners[i] as Owner })).filter((x) => x.r.refused);
    const right = refused.filter(
      (x) =>
        x.r.refused?.status === 503 &&
        x.r.refused.retryAfter &&
        x.r.refused.message === 'The service is busy. Please try again in a few seconds.',
    );
    const after = await e.db.kysely.selectFrom('guests').select(['id', 'credits_used']).execute();
    const charged = new Set(after.filter((r) => r.credits_used !== used.get(r.id)).map((r) => r.id));
    const chargedRefused = refused.filter((x) => charged.has(x.owner.guestId)).length;
    const refusedP99 = pct(
      refused.map((x) => x.r.refused?.ms ?? 0),
      99,
    );
    console.log(
      `  accepted ${results.length - refused.length}, refused ${refused.length} (${right.length} with 503, Retry-After and the busy message)`,
    );
    if (process.env.RELAY_DEBUG) {
      // The server's own time to first token (from the chat's handler to the first token), against the client's.
      const rows = await e.db.kysely.selectFrom('messages').select('metadata').where('role', '=', 'assistant').execute();
      const own = rows
        .map((r) => (typeof r.metadata === 'string' ? JSON.parse(r.metadata) : r.metadata)?.ttft_ms)
        .filter((x): x is number => typeof x === 'number');
      console.log(`  debug: server-side TTFT p50 ${ms(pct(own, 50))}, p95 ${ms(pct(own, 95))} over ${own.length} replies`);
    }
    goal('admission: refused chats answered, p99', ms(refusedP99), '<= 50 ms', refusedP99 <= 50 && right.length === refused.length);
    goal('admission: refused chats charged', String(chargedRefused), '0', chargedRefused === 0);
    goal('admission: accepted streams completed', `${f.complete.toFixed(1)} %`, '100 %', f.complete === 100);
    goal('admission: accepted streams TTFT p95', ms(f.ttftP95), '< 1000 ms', f.ttftP95 < 1000);
    goal('admission: accepted streams gap p99', ms(f.gapP99), '< 100 ms', f.gapP99 < 100);
    goal('admission: /api/health p99 at twice the capacity', ms(f.healthP99), '< 100 ms', f.healthP99 < 100);
    console.log(
      `  connections waiting to be accepted, at most: ${f.acceptQueueMax} (each copy of the listening socket, ACCEPT_HANDLES, accepts one a turn of the loop)`,
    );
    console.log(clientLagLine(f));
    console.log(
      `  in /metrics: ensemble_streams_limit ${await e.metric('ensemble_streams_limit')}, ensemble_admission_max_lag_ms ${await e.metric('ensemble_admission_max_lag_ms')}`,
    );
  } finally {
    await e.stop();
  }
}

/** Many mixed requests (thread replies, comparisons, 20% aborted): RSS after the first tenth against the end. */
async function memory(upstreamPort: number, kind: 'sqlite' | 'pg'): Promise<void> {
  const total = Math.round(100_000 * SCALE);
  const e = await startEnsemble(kind, upstreamPort, 200, process.env.BENCH_GRACE ? { STREAM_GRACE_MS: process.env.BENCH_GRACE } : {});
  try {
    console.log(
      `\n-- memory, ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL+Redis'}, default settings: ${total} mixed requests (BENCH_SCALE=${SCALE}; 1 = 100,000), 20% aborted`,
    );
    const pid = e.child.pid as number;
    let tenth = 0;
    let done = 0;
    const samples: string[] = [];
    const items = Array.from({ length: total }, (_, i) => i);
    await pool(items, 50, async (i) => {
      const owner = e.owners[i % e.owners.length] as Owner;
      const kind = i % 10;
      // 0-1: aborted (one disconnects, one presses Stop); 2-4: comparisons; the rest thread replies.
      if (kind === 0) await ensembleStream(e, owner, SHORT, { stopAfter: 2 });
      else if (kind === 1) await ensembleStream(e, owner, SHORT, { stopAfter: 2, stop: true });
      else await ensembleStream(e, owner, SHORT, { comparison: kind <= 4 });
      done++;
      if (done % Math.round(total / 10) === 0) {
        const rss = rssMb(pid);
        if (done === Math.round(total / 10)) tenth = rss;
        const heap = (await e.metric('nodejs_heap_size_used_bytes')) / 2 ** 20;
        const external = (await e.metric('nodejs_external_memory_bytes')) / 2 ** 20;
        const heapTotal = (await e.metric('nodejs_heap_size_total_bytes')) / 2 ** 20;
        samples.push(`${rss.toFixed(0)} (${heap.toFixed(0)} / ${heapTotal.toFixed(0)}, ${external.toFixed(0)})`);
      }
    });
    await new Promise((r) => setTimeout(r, 1000));
    const end = rssMb(pid);
    const growth = ((end - tenth) / tenth) * 100;
    console.log(`  RSS after each tenth, MB (heap used / heap total, external): ${samples.join(', ')}`);
    goal(
      '5. RSS at the end vs after the first tenth',
      `${tenth.toFixed(0)} -> ${end.toFixed(0)} MB (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %)`,
      'within 10 %',
      Math.abs(growth) <= 10,
    );
  } finally {
    await e.stop();
  }
}

await main();
// Figures are printed; nothing left open may keep the run from ending.
process.exit(0);
