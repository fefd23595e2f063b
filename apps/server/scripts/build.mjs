#!/usr/bin/env node
// Production build: every TypeScript file of the server and of the shared package becomes a
// JavaScript file at the same relative place under dist/, and every other file under src (icons,
// word lists, anything a module reads through import.meta.url) is copied beside it, so relative
// URLs, worker entries included, resolve in dist/ as they do in src/. Tests are left out.
import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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

// The server's entries (dist/main.js, and the backup and image-migration commands) are then bundled with their
// dependencies: starting, Node loads a few files instead of about 1,500 modules, and is healthy in about half the
// time (about 1.5 s instead of 2.8 s here; every browser journey starts servers). The file-by-file build stays beside them
// for the worker threads. Packages with native code or files of their own stay outside the bundle.
// Each module that finds a file beside it (`new URL('./icons/x.svg', import.meta.url)`) gets its own file's URL, as
// in the file-by-file build, so those paths hold.
const NOT_BUNDLED = ['better-sqlite3', '@node-rs/argon2', 'sharp', 'esbuild', 'pdfjs-dist', 'pg-native'];
const serverOut = outOf(packages[1]);
const built = [serverOut, outOf(packages[0])];
const ENTRIES = ['main.js', 'backup.js', 'images-migrate.js'];
const bundled = await build({
  entryPoints: ENTRIES.map((name) => path.join(serverOut, name)),
  outdir: serverOut,
  // What the entries share is one chunk beside them (chunk-*.js), in the same folder, so import.meta.url holds.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  write: false,
  allowOverwrite: true,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  conditions: ['ensemble-dist'],
  external: NOT_BUNDLED,
  // CommonJS packages inside an ES module bundle call require() for Node's own modules.
  banner: { js: "import { createRequire as __ensembleRequire } from 'node:module'; const require = __ensembleRequire(import.meta.url);" },
  // No source map: Node's --enable-source-maps would read all 21 MB of it at every start (0.8 s). The bundle is
  // plain, unminified JavaScript, each module under a comment naming its file, so a stack trace still reads.
  logLevel: 'warning',
  plugins: [
    {
      name: 'module-urls',
      setup(b) {
        b.onLoad({ filter: /\.js$/ }, (args) => {
          if (!built.some((dir) => args.path.startsWith(dir + path.sep))) return undefined;
          const text = readFileSync(args.path, 'utf8');
          if (!text.includes('import.meta.url')) return undefined;
          const own = `./${path.relative(serverOut, args.path).split(path.sep).join('/')}`;
          return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(own)}, import.meta.url).href`), loader: 'js' };
        });
      },
    },
  ],
});
for (const file of bundled.outputFiles) writeFileSync(file.path, file.contents);
// The file-by-file entries' maps would not match the bundles.
for (const name of ENTRIES) rmSync(path.join(serverOut, `${name}.map`), { force: true });
console.log(`Built the server and the shared package to JavaScript in ${Math.round(performance.now() - started)} ms`);
