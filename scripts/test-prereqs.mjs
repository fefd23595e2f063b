#!/usr/bin/env node
// Makes sure of what the test suite needs before any test runs: the system packages it drives
// (Debian's Chromium for the browser journeys) and the services it talks to (PostgreSQL, Redis).
// `npm test` and `.ci/run` both call this one step, so the two cannot drift. Plain Node, no
// dependencies: it runs before `npm ci` in CI.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';

/** System packages the suite uses: the file that proves each is there, its Debian package, why. */
const SYSTEM_PACKAGES = [
  {
    path: process.env.JOURNEY_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    pkg: 'chromium-headless-shell',
    why: 'the browser journeys',
  },
  { path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', pkg: 'chromium', why: 'Lighthouse in npm run bench' },
  { path: process.env.NGINX_PATH ?? '/usr/sbin/nginx', pkg: 'nginx', why: 'the load-balancer journey (two instances behind nginx)' },
  { path: '/usr/bin/pg_restore', pkg: 'postgresql-client', why: 'the PostgreSQL backup and restore test (pg_dump, pg_restore)' },
];

const pgUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

/** Services the suite connects to, with how this machine kind starts each one. */
const SERVICES = [
  {
    name: 'PostgreSQL',
    host: pgUrl.hostname,
    port: Number(pgUrl.port || 5432),
    start: () => {
      const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
      return versions.length ? ['pg_ctlcluster', ['--skip-systemctl-redirect', versions[0], 'main', 'start']] : null;
    },
    hint: 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start (or set TEST_DATABASE_URL)',
  },
  {
    name: 'Redis',
    host: redisUrl.hostname,
    port: Number(redisUrl.port || 6379),
    start: () =>
      hasCommand('redis-server')
        ? [
            'redis-server',
            [
              '--daemonize',
              'yes',
              '--bind',
              '127.0.0.1',
              '-::1',
              '--port',
              String(Number(redisUrl.port || 6379)),
              '--save',
              '',
              '--appendonly',
              'no',
            ],
          ]
        : null,
    hint: 'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no (or set TEST_REDIS_URL)',
  },
];

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function fail(lines) {
  console.error(`\n!! The test suite cannot run yet:\n${lines.map((l) => `   ${l}`).join('\n')}\n`);
  process.exit(1);
}

function reachable(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitReachable(host, port, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await reachable(host, port)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

function ensurePackages() {
  const missing = SYSTEM_PACKAGES.filter((p) => !existsSync(p.path));
  if (missing.length === 0) return;
  const names = missing.map((p) => p.pkg).join(' ');
  const command = `apt-get update && apt-get install -y ${names}`;
  if (!isRoot)
    fail([
      `Missing system package(s) for ${missing.map((p) => p.why).join(', ')}: ${names}.`,
      `Install them first: sudo sh -c '${command}'`,
    ]);
  console.log(`test setup: installing ${names} from Debian's packages (for ${missing.map((p) => p.why).join(', ')})...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...missing.map((p) => p.pkg)], { stdio: ['ignore', 'ignore', 'inherit'], env });
  } catch {
    fail([`Installing ${names} failed. Run it by hand: ${command}`]);
  }
  const still = missing.filter((p) => !existsSync(p.path));
  if (still.length) fail([`${still.map((p) => p.path).join(', ')} still missing after installing ${names}.`]);
}

async function ensureServices() {
  const problems = [];
  for (const service of SERVICES) {
    if (await reachable(service.host, service.port)) continue;
    const local = service.host === '127.0.0.1' || service.host === 'localhost' || service.host === '::1';
    const start = local ? service.start() : null;
    if (start) {
      console.log(`test setup: ${service.name} is not running on ${service.host}:${service.port}; starting it...`);
      spawnSync(start[0], start[1], { stdio: ['ignore', 'ignore', 'inherit'] });
      if (await waitReachable(service.host, service.port, 15_000)) continue;
    }
    problems.push(`${service.name} is not reachable at ${service.host}:${service.port}. Start it with: ${service.hint}`);
  }
  if (problems.length) fail(problems);
}

ensurePackages();
await ensureServices();
