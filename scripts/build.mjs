#!/usr/bin/env node
// Builds what changed since the last build, and nothing else: the web app (Vite) and the server with the shared package
// (esbuild, file by file). Each part's inputs (its sources, the shared package, its build configuration and the lock
// file; tests aside) are hashed; a part whose hash matches the one recorded at its last successful build, and whose
// output is still there, is not built again. `npm run build -- --force` builds both anyway; `node scripts/build.mjs
// server` (or `web`) looks at one part. Plain Node, no dependencies.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHARED = ['packages/shared/src', 'packages/shared/package.json', 'package-lock.json'];

/** Each part: what it is built from, the file that shows it was built, and the command that builds it. */
const PARTS = [
  {
    key: 'web',
    name: 'web app',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      // Lingui's configuration and the Babel plugins the build runs (build/lingui-*.ts).
      'apps/web/lingui.config.ts',
      'apps/web/build',
      'apps/web/package.json',
      'apps/web/tsconfig.json',
      ...SHARED,
    ],
    output: 'apps/web/dist/index.html',
    command: ['npm', ['run', 'build', '-w', 'apps/web']],
  },
  {
    key: 'server',
    name: 'server',
    inputs: ['apps/server/src', 'apps/server/scripts', 'apps/server/package.json', ...SHARED],
    output: 'apps/server/dist/main.js',
    command: ['node', ['apps/server/scripts/build.mjs']],
  },
];

/** Where each part's input hash is kept after a successful build (a clean install starts without). */
const STAMPS = path.join(root, 'node_modules/.cache/ensemble-build');

function filesOf(rel) {
  const full = path.join(root, rel);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [rel];
  return (
    readdirSync(full, { withFileTypes: true })
      // Tests are not built into either part, so a changed test rebuilds nothing.
      .filter((e) => e.name !== 'node_modules' && e.name !== 'dist' && !/\.test\.tsx?$/.test(e.name))
      .flatMap((e) => (e.isDirectory() ? filesOf(`${rel}/${e.name}`) : [`${rel}/${e.name}`]))
  );
}

/** A hash of every input file's path and bytes. */
function hashOf(inputs) {
  const hash = createHash('sha256');
  for (const rel of inputs.flatMap(filesOf).sort())
    hash
      .update(`${rel}\0`)
      .update(readFileSync(path.join(root, rel)))
      .update('\0');
  return hash.digest('hex');
}

const force = process.argv.includes('--force');
// `node scripts/build.mjs server` (or `web`) looks at that part alone.
const named = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
mkdirSync(STAMPS, { recursive: true });
for (const part of PARTS.filter((p) => named.length === 0 || named.includes(p.key))) {
  const stamp = path.join(STAMPS, `${part.name.replace(/\W+/g, '-')}.sha256`);
  const inputs = hashOf(part.inputs);
  const built = existsSync(path.join(root, part.output)) && existsSync(stamp) && readFileSync(stamp, 'utf8') === inputs;
  if (built && !force) {
    console.log(`The ${part.name} is unchanged since its last build.`);
    continue;
  }
  const [cmd, args] = part.command;
  const run = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  writeFileSync(stamp, inputs);
}
