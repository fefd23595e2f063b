#!/usr/bin/env node
// `npm test`: the whole suite, stage by stage, then a table of each stage's time and test counts.
// Stages: the system packages and services (test-prereqs), the type check, the shared package's
// tests, the server's (SQLite and PostgreSQL), the web app's, the production build, and the
// browser journeys against it. A stage that fails stops the run (its output is above the table).
// `npm test -- server web` runs only those stages. Plain Node, no dependencies.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

const STAGES = [
  { name: 'prerequisites', command: 'node', args: ['scripts/test-prereqs.mjs'], cwd: root },
  { name: 'typecheck', command: 'npm', args: ['run', 'typecheck'], cwd: root },
  vitest('packages/shared', 'shared'),
  vitest('apps/server', 'server'),
  vitest('apps/web', 'web'),
  { name: 'build', command: 'node', args: ['scripts/build.mjs'], cwd: root },
  vitest('apps/web', 'e2e', ['--config', 'vitest.e2e.config.ts']),
];

function run(stage) {
  return new Promise((resolve) => {
    const child = spawn(stage.command, stage.args, { cwd: stage.cwd, stdio: 'inherit', env: process.env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
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
const only = process.argv.slice(2);
const unknown = only.filter((name) => !STAGES.some((s) => s.name === name));
if (unknown.length) {
  console.error(`No such stage: ${unknown.join(', ')}. Stages: ${STAGES.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const chosen = STAGES.filter((s, i) => i === 0 || only.length === 0 || only.includes(s.name));

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const started = Date.now();
const done = [];
let failed = null;
for (const stage of chosen) {
  console.log(`\n== npm test: ${stage.name}`);
  const t0 = Date.now();
  const code = await run(stage);
  done.push({ stage, ms: Date.now() - t0, code });
  if (code !== 0) {
    failed = stage.name;
    break;
  }
}

console.log('\n== npm test: stages');
for (const { stage, ms, code } of done) {
  console.log(`  ${stage.name.padEnd(14)} ${seconds(ms).padStart(6)}  ${code === 0 ? 'ok    ' : 'FAILED'}  ${counts(stage)}`);
}
console.log(`  ${'total'.padEnd(14)} ${seconds(Date.now() - started).padStart(6)}`);
rmSync(reports, { recursive: true, force: true });
if (failed) {
  console.log(`\nnpm test failed at: ${failed}`);
  process.exit(1);
}
