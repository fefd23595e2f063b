import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { fileURLToPath } from 'node:url';
import { formatter } from '@lingui/format-po';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import type { Plugin } from 'vite';

/**
 * Short message ids (issue 43's first-load cost). Lingui names each message by a 6-character hash of its English text
 * (`id: "Ll7gK8"`); every message shown on the first load carries one, random and so incompressible: 1.7 KB of the
 * chat's first load. Here each message of the source catalogue (src/locales/en/messages.po, written by
 * `npm run i18n:extract`) gets a 1–2 character id instead, its place in that catalogue in base 62. The build uses the
 * same table for the code (lingui-source-messages.ts rewrites each descriptor's id) and for every language's compiled
 * catalogue (the plugin below renames its keys), so they always agree within one build. A message missing from the
 * source catalogue (written since the last extraction) keeps its hash in both; explicit ids (`server.*`) are kept.
 */
const SOURCE_CATALOGUE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/locales/en/messages.po');
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

function base62(n: number): string {
  let out = '';
  do {
    out = DIGITS[n % 62] + out;
    n = Math.floor(n / 62);
  } while (n > 0);
  return out;
}

/** The source catalogue by Lingui's id; an entry with a generated id carries its English text as `message`. */
export function sourceCatalogue(): Record<string, { message?: string }> {
  return formatter({ lineNumbers: false }).parse(readFileSync(SOURCE_CATALOGUE, 'utf8'), {
    locale: 'en',
    sourceLocale: 'en',
    filename: SOURCE_CATALOGUE,
  }) as Record<string, { message?: string }>;
}

let cached: { mtimeMs: number; ids: Map<string, string> } | undefined;

/** Lingui's id of each message of the source catalogue → its short id. */
export function shortIds(): Map<string, string> {
  const { mtimeMs } = statSync(SOURCE_CATALOGUE);
  if (cached?.mtimeMs === mtimeMs) return cached.ids;
  const catalogue = sourceCatalogue();
  const all = Object.keys(catalogue);
  // Generated ids are the entries that carry their English text as `message`; the others are explicit.
  const generated = all.filter((id) => catalogue[id]?.message !== undefined);
  const explicit = new Set(all.filter((id) => catalogue[id]?.message === undefined));
  const ids = new Map<string, string>();
  for (const [index, id] of generated.entries()) {
    const short = base62(index);
    if (explicit.has(short)) throw new Error(`The short id "${short}" is also an explicit message id in ${SOURCE_CATALOGUE}.`);
    ids.set(id, short);
  }
  cached = { mtimeMs, ids };
  return ids;
}

/** A message's id as the build names it: its short id, or Lingui's hash for a message not in the source catalogue. */
export function messageId(message: string, context = ''): string {
  const id = generateMessageId(message, context);
  return shortIds().get(id) ?? id;
}

// The compiled catalogue as @lingui/vite-plugin writes it: `export const messages=JSON.parse("{...}")`.
const COMPILED = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/;

/** Renames the keys of each compiled catalogue (a `messages.po` module) to the short ids. Runs after Lingui's plugin. */
export function linguiShortIdCatalogues(): Plugin {
  return {
    name: 'ensemble:lingui-short-id-catalogues',
    enforce: 'post',
    transform(code, id) {
      if (!/\.po(\?|$)/.test(id)) return null;
      const found = COMPILED.exec(code);
      if (!found?.[1]) throw new Error(`${id}: the compiled catalogue is not in the form this plugin knows (JSON.parse("...")).`);
      // A JavaScript string literal (Babel's, with JavaScript's escapes), holding JSON.
      const messages = JSON.parse(runInNewContext(found[1]) as string) as Record<string, unknown>;
      const ids = shortIds();
      const renamed = Object.fromEntries(Object.entries(messages).map(([key, value]) => [ids.get(key) ?? key, value]));
      return { code: code.replace(found[0], () => `JSON.parse(${JSON.stringify(JSON.stringify(renamed))})`), map: null };
    },
  };
}
