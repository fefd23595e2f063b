/**
 * The languages' share of the chat's first load (issue 43: "the chat route's first load grows by at most 4 KB
 * compressed"). Builds the web app once more, unminified, into a temporary directory, and takes the first load's
 * chunks (index, screens, chat) as the build made them. For each chunk it minifies (esbuild) and compresses (brotli
 * 11, as the build does) three versions and prints the differences:
 * - as built;
 * - without the message ids: each message descriptor's `id` property dropped;
 * - as an English-only app would be written: the code of Lingui's runtime and src/i18n removed, and each message
 *   reduced to what English-only code would hold (a Babel pass over the chunk): a call of `_` (useLingui's or
 *   i18n's) or a `<Trans>` whose message is text with simple placeholders becomes that text as a template literal
 *   (`Hello ${name}`). Plurals and messages with elements keep their descriptors, less the id: English-only code
 *   would need about as much for them.
 * The last difference is the languages' cost on the first load. Prints; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync, types as t, type PluginObj } from '@babel/core';
import { transform } from 'esbuild';
import { build, type Plugin } from 'vite';
import { brotliCompressSync, constants } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIRST_LOAD = /^(index|screens|chat)$/;
/** The modules that exist only because the app speaks many languages. */
const I18N_MODULE = /[\\/]node_modules[\\/]@lingui[\\/]|[\\/]src[\\/]i18n[\\/]/;
const BUDGET_KB = 4;

interface Chunk {
  name: string;
  code: string;
  modules: Record<string, string>;
}

function capture(into: Chunk[]): Plugin {
  return {
    name: 'bench:capture-first-load',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !FIRST_LOAD.test(chunk.name)) continue;
        const modules: Record<string, string> = {};
        for (const [id, m] of Object.entries(chunk.modules)) modules[id] = m.code ?? '';
        into.push({ name: chunk.name, code: chunk.code, modules });
      }
    },
  };
}

const brotli = (code: string) => brotliCompressSync(Buffer.from(code), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
/**
 * Minified and compressed. Code whose modules were taken out still exports their names: each is declared empty
 * (a few bytes) so that it parses.
 */
async function size(code: string): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      const min = await transform(code, { minify: true, format: 'esm', loader: 'js', logLevel: 'silent' });
      return brotli(min.code);
    } catch (error) {
      const undeclared = [...String((error as Error).message).matchAll(/"([\w$]+)" is not declared in this file/g)].map((m) => m[1]);
      if (!undeclared.length || attempt > 20) throw error;
      code = `var ${[...new Set(undeclared)].join(', ')};\n${code}`;
    }
  }
}

// A message descriptor's id, as the unminified chunk writes it.
const ID = /\bid: ("[^"]*"|`[^`]*`),\s*(?=message: )/g;

/**
 * Without the i18n modules' code. The unminified chunk starts each module's code with a comment naming it
 * (`// src/i18n/languages.ts`): a module's code runs from its comment to the next module's.
 */
let modulesRemoved = 0;
function withoutModules(chunk: Chunk, remove: (id: string) => boolean): string {
  const header = (code: string) => (code.startsWith('// ') ? code.slice(0, code.indexOf('\n')) : undefined);
  const headers = new Map<string, string>();
  for (const [id, code] of Object.entries(chunk.modules)) {
    const line = header(code);
    if (line) headers.set(line, id);
  }
  const lines = chunk.code.split('\n');
  let removing = false;
  let removed = 0;
  const kept = lines.filter((line) => {
    const id = headers.get(line);
    if (id !== undefined) {
      removing = remove(id);
      if (removing) removed++;
    }
    return !removing;
  });
  modulesRemoved += removed;
  return kept.join('\n');
}

/** A descriptor's properties, when it is an object literal with a compiled `message` array. */
function descriptorOf(node: t.Node | undefined): Map<string, t.Expression> | undefined {
  if (!t.isObjectExpression(node)) return undefined;
  const props = new Map<string, t.Expression>();
  for (const p of node.properties) {
    if (!t.isObjectProperty(p) || p.computed || !t.isIdentifier(p.key) || !t.isExpression(p.value)) return undefined;
    props.set(p.key.name, p.value);
  }
  return t.isArrayExpression(props.get('message')) ? props : undefined;
}

/** The message as English-only code would write it, if it is text with simple placeholders whose values are given. */
function asTemplate(props: Map<string, t.Expression>): t.Expression | undefined {
  if ([...props.keys()].some((key) => key !== 'id' && key !== 'message' && key !== 'values')) return undefined;
  const values = new Map<string, t.Expression>();
  const given = props.get('values');
  if (given) {
    if (!t.isObjectExpression(given)) return undefined;
    for (const p of given.properties) {
      if (!t.isObjectProperty(p) || p.computed || !t.isExpression(p.value)) return undefined;
      const key = t.isIdentifier(p.key) ? p.key.name : t.isStringLiteral(p.key) ? p.key.value : undefined;
      if (key === undefined) return undefined;
      values.set(key, p.value);
    }
  }
  const quasis: string[] = [''];
  const expressions: t.Expression[] = [];
  for (const part of (props.get('message') as t.ArrayExpression).elements) {
    if (t.isStringLiteral(part)) quasis[quasis.length - 1] += part.value;
    else if (t.isArrayExpression(part) && part.elements.length === 1 && t.isStringLiteral(part.elements[0])) {
      const value = values.get(part.elements[0].value);
      if (!value) return undefined;
      expressions.push(value);
      quasis.push('');
    } else return undefined;
  }
  if (!expressions.length) return t.stringLiteral(quasis[0]!);
  return t.templateLiteral(
    quasis.map((raw, i) => t.templateElement({ raw: raw.replace(/[`\\$]/g, '\\$&') }, i === quasis.length - 1)),
    expressions,
  );
}

const isMessageCall = (callee: t.Node) =>
  (t.isIdentifier(callee) && callee.name.startsWith('_')) ||
  (t.isMemberExpression(callee) && t.isIdentifier(callee.property, { name: '_' }));
// `(0, import_jsx_runtime.jsx)(Trans, {...})`
const isTransCall = (node: t.CallExpression) =>
  t.isSequenceExpression(node.callee) &&
  t.isMemberExpression(node.callee.expressions[1]) &&
  t.isIdentifier(node.callee.expressions[1].property, { name: 'jsx' }) &&
  t.isIdentifier(node.arguments[0], { name: 'Trans' });

function englishMessages(): PluginObj {
  return {
    visitor: {
      CallExpression(path) {
        const { node } = path;
        const at = isMessageCall(node.callee) && node.arguments.length === 1 ? 0 : isTransCall(node) ? 1 : -1;
        const props = at < 0 ? undefined : descriptorOf(node.arguments[at]);
        const english = props && asTemplate(props);
        if (!props) return;
        reduced.total++;
        if (!english) return;
        reduced.plain++;
        path.replaceWith(english);
      },
      ObjectExpression(path) {
        const props = descriptorOf(path.node);
        if (!props?.has('id')) return;
        path.node.properties = path.node.properties.filter((p) => !(t.isObjectProperty(p) && t.isIdentifier(p.key, { name: 'id' })));
      },
    },
  };
}

let reduced = { plain: 0, total: 0 };
function englishOnly(chunk: Chunk): string {
  reduced = { plain: 0, total: 0 };
  // The taken-out modules' names are still exported: Babel recovers from that (size() declares them).
  const code = withoutModules(chunk, (id) => I18N_MODULE.test(id));
  const out = transformSync(code, {
    plugins: [englishMessages],
    configFile: false,
    babelrc: false,
    sourceType: 'module',
    compact: false,
    parserOpts: { errorRecovery: true },
  });
  if (!out?.code) throw new Error(`Babel returned nothing for ${chunk.name}`);
  return out.code;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

async function main() {
  const outDir = mkdtempSync(path.join(tmpdir(), 'ensemble-i18n-share-'));
  const chunks: Chunk[] = [];
  try {
    await build({
      root: ROOT,
      configFile: path.join(ROOT, 'vite.config.ts'),
      logLevel: 'error',
      plugins: [capture(chunks)],
      build: { outDir, emptyOutDir: true, minify: false, sourcemap: false },
    });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  if (chunks.length !== 3) throw new Error(`Expected the 3 first-load chunks, found ${chunks.map((c) => c.name).join(', ')}`);
  console.log("The languages' share of the chat's first load (minified, brotli 11; see the file's header):");
  let built = 0;
  let noIds = 0;
  let english = 0;
  for (const chunk of chunks.sort((a, b) => a.name.localeCompare(b.name))) {
    const sizes = await Promise.all([size(chunk.code), size(chunk.code.replace(ID, '')), size(englishOnly(chunk))]);
    const descriptors = chunk.code.match(ID)?.length ?? 0;
    console.log(
      `  ${chunk.name.padEnd(8)} ${kb(sizes[0]).padStart(10)}  ids ${kb(sizes[0] - sizes[1]).padStart(8)} (${descriptors} messages, ${reduced.plain} of them to text)  languages ${kb(sizes[0] - sizes[2]).padStart(8)}`,
    );
    built += sizes[0];
    noIds += sizes[1];
    english += sizes[2];
  }
  if (modulesRemoved < 5) throw new Error(`Only ${modulesRemoved} i18n modules found in the first load: the measure needs updating.`);
  const share = built - english;
  console.log(`  message ids: ${kb(built - noIds)}`);
  console.log(
    `  languages' share of the first load: ${kb(share)} (goal at most ${BUDGET_KB} KB: ${share <= BUDGET_KB * 1024 ? 'met' : 'NOT met'})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
