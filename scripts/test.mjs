#!/usr/bin/env node
// `npm test`: the whole suite, stage by stage, then a table of each stage's time and test counts.
// Stages: the system packages and services (test-prereqs), the type check, the shared package's
// tests, the server's (SQLite and PostgreSQL), the web app's, the production build, and the
// browser journeys against it. After the prerequisites, two lanes run side by side: the checks
// (type check, shared, server, web) and the browser (build, then the journeys). The journeys
// mostly wait on timers, streams and page loads, so the other lane's work fills the cores they
// leave idle. Each stage's output is printed whole when it ends. A stage that fails stops its own
// lane; the other lane runs on, so one run reports every failure.
// `npm test -- server web` runs only those stages; `npm test -- --serial` runs one stage at a time
// with its output live. Plain Node, no dependencies.
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
const LANES = [
  [
    { name: 'typecheck', command: 'npm', args: ['run', 'typecheck'], cwd: root },
    vitest('packages/shared', 'shared'),
    vitest('apps/server', 'server'),
    vitest('apps/web', 'web'),
  ],
  [
    { name: 'build', command: 'node', args: ['scripts/build.mjs'], cwd: root },
    vitest('apps/web', 'e2e', ['--config', 'vitest.e2e.config.ts']),
  ],
];
const STAGES = [PREREQUISITES, ...LANES.flat()];

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

function counts(stage) {
  if (!stage.report) return '';
  try {
    const r = JSON.parse(readFileSync(stage.report, 'utf8'));
    const parts = [`${r.numPassedTests} passed`];
    if (r.numFailedTests) parts.push(`${r.numFailedTests} failed`);
    if (r.numPendingTests + r.numTodoTests) parts.push(`${r.numPendingTests + r.numTodoTests} skipped`);
    return `${parts.join(', ')} of ${r.numTotalTests} tests in ${r.testResults.length} files`;
  } catch {
    return 'no report';
  }
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
  for (const stage of stages.filter(wanted)) if (!(await runStage(stage, live))) return;
}

if (await runStage(PREREQUISITES, true)) {
  if (serial) for (const lane of LANES) await runLane(lane, true);
  else await Promise.all(LANES.map((lane) => runLane(lane, false)));
}

console.log('\n== npm test: stages (the two lanes overlap, so the stage times add up to more than the total)');
const order = STAGES.map((s) => s.name);
for (const { stage, ms, code } of done.sort((a, b) => order.indexOf(a.stage.name) - order.indexOf(b.stage.name))) {
  console.log(`  ${stage.name.padEnd(14)} ${seconds(ms).padStart(6)}  ${code === 0 ? 'ok    ' : 'FAILED'}  ${counts(stage)}`);
}
console.log(`  ${'total'.padEnd(14)} ${seconds(Date.now() - started).padStart(6)}`);
rmSync(reports, { recursive: true, force: true });
if (failed.length) {
  console.log(`\nnpm test failed at: ${failed.join(', ')}`);
  process.exit(1);
}
