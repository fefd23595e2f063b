#!/usr/bin/env node
// Runs every benchmark in turn and prints its figures. Each benchmark is a script under
// apps/*/bench/ that prints its own measured numbers; none asserts a time.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// `npm run bench -- relay start` runs only the benches whose file names contain one of the words.
const only = process.argv.slice(2);
const benches = [];
for (const app of ['apps/server', 'apps/web']) {
  const dir = path.join(root, app, 'bench');
  if (!existsSync(dir)) continue;
  for (const file of readdirSync(dir).sort()) {
    if (!/\.bench\.(ts|mjs)$/.test(file)) continue;
    if (only.length && !only.some((word) => file.includes(word))) continue;
    benches.push(path.join(dir, file));
  }
}
if (benches.length === 0) {
  console.log('No benchmarks yet.');
  process.exit(0);
}
// Benchmarks measure the production build, so build it first.
const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: process.env });
if (build.status !== 0) process.exit(build.status ?? 1);
let failed = 0;
for (const file of benches) {
  console.log(`\n== ${path.relative(root, file)}`);
  const run = spawnSync('npx', ['tsx', file], { cwd: root, stdio: 'inherit', env: process.env });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
