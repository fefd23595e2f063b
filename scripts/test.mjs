#!/usr/bin/env node
// `npm test`: the whole suite, stage by stage, then a table of each stage's time and test counts.
// Stages: the system packages and services (test-prereqs), the type check, the shared package's
// tests, the server's (SQLite and PostgreSQL), the web app's, the production build, and the
// browser journeys against it. After the prerequisites, two phases. First two lanes side by side:
// the type check and the shared tests, beside the build and the journeys (which leave about half of
// two cores idle, waiting on timers, streams and page loads; the type check asserts nothing on time).
// Then the server suite beside the web unit tests, without the journeys: several server tests need
// the cores they ask for (hundreds of password hashes, 2,000 event streams, two instances sweeping
// 400 guests) and time out beside four journeys, but the server suite leaves about 40% of two cores
// idle waiting on leases, restarts and slow replies, which the web tests fill (measured: server 264 s
// alone and 277 s beside the web tests, which took 88 s). Output of a phase with two lanes is printed whole as each stage
// ends; a single lane's is live. A stage that fails stops its own lane; the rest runs on, so one run
// reports every failure. `npm test -- server web` runs only those stages; `npm test -- --serial` runs
// one stage at a time with its output live. Plain Node, no dependencies.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(tmpdir(), 'ensemble-test-'));

/** A Vitest run that also writes its JSON report, so the counts come from Vitest itself. */
const vitest = (workspace, name, extra = []) => ({
  name,
  command: 'npx',
  args: ['vitest', 'run', ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, `${name}.json`)}`],
  cwd: path.join(root, workspace),
  report: path.join(reports, `${name}.json`),
});

const PREREQUISITES = { name: 'prerequisites', command: 'node', args: ['scripts/test-prereqs.mjs'], cwd: root };
const TYPECHECK = { name: 'typecheck', command: 'npm', args: ['run', 'typecheck'], cwd: root };
const BUILD = { name: 'build', command: 'node', args: ['scripts/build.mjs'], cwd: root };
/** Each phase's lanes run side by side; a phase starts when the one before has ended. */
const PHASES = [
  [
    [TYPECHECK, vitest('packages/shared', 'shared')],
    [BUILD, vitest('apps/web', 'e2e', ['--config', 'vitest.e2e.config.ts'])],
  ],
  [[vitest('apps/server', 'server')], [vitest('apps/web', 'web')]],
];
const STAGES = [PREREQUISITES, ...PHASES.flat(2)];

/** Runs a stage; its output goes to the terminal (live) or to a file printed whole when it ends. */
function run(stage, live) {
  return new Promise((resolve) => {
    const log = path.join(reports, `${stage.name}.log`);
    const fd = live ? null : openSync(log, 'w');
    const stdio = live ? 'inherit' : ['ignore', fd, fd];
    const child = spawn(stage.command, stage.args, { cwd: stage.cwd, stdio, env: process.env });
    child.on('exit', (code, signal) => {
      if (fd !== null) {
        closeSync(fd);
        process.stdout.write(`\n== npm test: ${stage.name} (output)\n${readFileSync(log, 'utf8')}`);
      }
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** A stage's Vitest JSON report, or null when it has none (not a Vitest stage, or it did not get to write one). */
function report(stage) {
  if (!stage.report) return null;
  try {
    return JSON.parse(readFileSync(stage.report, 'utf8'));
  } catch {
    return null;
  }
}

function counts(stage) {
  const r = report(stage);
  if (!r) return stage.report ? 'no report' : '';
  const parts = [`${r.numPassedTests} passed`];
  if (r.numFailedTests) parts.push(`${r.numFailedTests} failed`);
  if (r.numPendingTests + r.numTodoTests) parts.push(`${r.numPendingTests + r.numTodoTests} skipped`);
  return `${parts.join(', ')} of ${r.numTotalTests} tests in ${r.testResults.length} files`;
}

/** Each failed test of a stage, named and with the first lines of its error, for the end of the log. */
function failures(stage) {
  const r = report(stage);
  if (!r) return [];
  const lines = [];
  for (const file of r.testResults) {
    const name = path.relative(stage.cwd, file.name);
    const tests = file.assertionResults.filter((t) => t.status === 'failed');
    if (file.status === 'failed' && tests.length === 0)
      lines.push(`  ${stage.name}: ${name}: ${String(file.message).split('\n').slice(0, 6).join('\n    ')}`);
    for (const t of tests) {
      lines.push(`  ${stage.name}: ${name} > ${t.fullName}`);
      const message = (t.failureMessages ?? [])
        .join('\n')
        .split('\n')
        .filter((line) => !line.includes('node_modules') && !line.includes('(<anonymous>)'))
        .slice(0, 8);
      for (const m of message) lines.push(`    ${m.slice(0, 400)}`);
    }
  }
  return lines.length ? [`\n== npm test: what failed in ${stage.name}`, ...lines] : [];
}

/** A stage's slowest test files (where the suite's time goes), from its Vitest report. */
function slowest(stage, count = 8) {
  const r = report(stage);
  if (!r?.testResults?.length) return [];
  const files = r.testResults
    .map((file) => ({ name: path.relative(stage.cwd, file.name), ms: file.endTime - file.startTime }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
  return [`\n== npm test: slowest files in ${stage.name}`, ...files.map((f) => `  ${seconds(f.ms).padStart(6)}  ${f.name}`)];
}

// `npm test -- server e2e` runs only the named stages (the prerequisites always run).
const serial = process.argv.includes('--serial');
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const unknown = only.filter((name) => !STAGES.some((s) => s.name === name));
if (unknown.length) {
  console.error(`No such stage: ${unknown.join(', ')}. Stages: ${STAGES.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const wanted = (stage) => only.length === 0 || only.includes(stage.name);

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const started = Date.now();
const done = [];
const failed = [];

async function runStage(stage, live) {
  console.log(`\n== npm test: ${stage.name} started`);
  const t0 = Date.now();
  const code = await run(stage, live);
  done.push({ stage, ms: Date.now() - t0, code });
  console.log(`== npm test: ${stage.name} ${code === 0 ? 'passed' : 'FAILED'} in ${seconds(Date.now() - t0)}`);
  if (code !== 0) failed.push(stage.name);
  return code === 0;
}

/** A lane's stages in order; a failed stage ends its lane. */
async function runLane(stages, live) {
  for (const stage of stages) if (!(await runStage(stage, live))) return;
}

/** The machine's CPU time so far (Linux /proc/stat, in clock ticks): busy and total, or null elsewhere. */
function cpuTicks() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    return { busy: total - fields[3] - (fields[4] ?? 0), total };
  } catch {
    return null;
  }
}

/** Each phase's stages, time and how busy the cores were (whether more at once could help). */
const phases = [];
if (await runStage(PREREQUISITES, true)) {
  for (const lanes of PHASES) {
    const running = lanes.map((lane) => lane.filter(wanted)).filter((lane) => lane.length);
    if (!running.length) continue;
    const t0 = Date.now();
    const before = cpuTicks();
    if (serial || running.length < 2) for (const lane of running) await runLane(lane, true);
    else await Promise.all(running.map((lane) => runLane(lane, false)));
    const after = cpuTicks();
    const busy = before && after ? (after.busy - before.busy) / (after.total - before.total) : null;
    phases.push({
      names: running
        .flat()
        .map((s) => s.name)
        .join(' + '),
      ms: Date.now() - t0,
      busy,
    });
  }
}

console.log(
  '\n== npm test: stages (the type check and shared tests overlap the journeys and the web tests the server tests, so the times add up to more than the total)',
);
const order = STAGES.map((s) => s.name);
for (const { stage, ms, code } of done.sort((a, b) => order.indexOf(a.stage.name) - order.indexOf(b.stage.name))) {
  console.log(`  ${stage.name.padEnd(14)} ${seconds(ms).padStart(6)}  ${code === 0 ? 'ok    ' : 'FAILED'}  ${counts(stage)}`);
}
console.log(`  ${'total'.padEnd(14)} ${seconds(Date.now() - started).padStart(6)}`);
for (const { names, ms, busy } of phases)
  console.log(`  phase ${names}: ${seconds(ms)}${busy === null ? '' : `, the cores ${Math.round(busy * 100)}% busy`}`);
for (const { stage } of done) for (const line of slowest(stage)) console.log(line);
for (const { stage } of done) for (const line of failures(stage)) console.log(line);
rmSync(reports, { recursive: true, force: true });
if (failed.length) {
  console.log(`\nnpm test failed at: ${failed.join(', ')}`);
  process.exit(1);
}
