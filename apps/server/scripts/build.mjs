#!/usr/bin/env node
// Production build: every TypeScript file of the server and of the shared package becomes a
// JavaScript file at the same relative place under dist/, and every other file under src (icons,
// word lists, anything a module reads through import.meta.url) is copied beside it, so relative
// URLs, worker entries included, resolve in dist/ as they do in src/. Tests are left out.
import { cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const packages = [path.join(root, 'packages/shared'), path.join(root, 'apps/server')];

const isTestOnly = (rel) => /(^|\/)test(\/|$)/.test(rel) || /\.(test|bench)\.ts$/.test(rel);

function listFiles(dir, rel = '') {
  return readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((entry) => {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    return entry.isDirectory() ? listFiles(dir, child) : [child];
  });
}

// `--out DIR` builds a self-contained copy elsewhere instead, for tests that run a built server beside builds of the
// real dist/: DIR/apps/server/dist, and the shared package where Node looks first from there,
// DIR/node_modules/@ensemble/shared (the rest of node_modules is found further up, so DIR must be inside the repository).
const outArg = process.argv.indexOf('--out');
const outRoot = outArg === -1 ? null : path.resolve(process.argv[outArg + 1]);
const outOf = (pkg) =>
  outRoot === null
    ? path.join(pkg, 'dist')
    : pkg.endsWith('shared')
      ? path.join(outRoot, 'node_modules/@ensemble/shared/dist')
      : path.join(outRoot, 'apps/server/dist');

const started = performance.now();
for (const pkg of packages) {
  const src = path.join(pkg, 'src');
  const out = outOf(pkg);
  rmSync(out, { recursive: true, force: true });
  const files = listFiles(src).filter((rel) => !isTestOnly(rel));
  const sources = files.filter((rel) => rel.endsWith('.ts') && !rel.endsWith('.d.ts'));
  await build({
    entryPoints: sources.map((rel) => path.join(src, rel)),
    outdir: out,
    outbase: src,
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  for (const rel of files.filter((f) => !f.endsWith('.ts'))) cpSync(path.join(src, rel), path.join(out, rel));
  if (outRoot !== null) cpSync(path.join(pkg, 'package.json'), path.join(out, '..', 'package.json'));
}
console.log(`Built the server and the shared package to JavaScript in ${Math.round(performance.now() - started)} ms`);
