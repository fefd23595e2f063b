import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type PluralCategory, parse, type Token } from '@messageformat/parser';
import PO from 'pofile';

/**
 * Every translation keeps what its English message needs (run by src/i18n/catalogue.test.ts, and by hand while
 * translating: `npx tsx apps/web/build/catalogue-check.ts de`):
 * - every message has a translation, and it is valid ICU MessageFormat;
 * - it uses the same placeholders ({name}, {count, plural, ...}) and the same numbered tags (<0>...</0>);
 * - each plural has exactly the language's plural forms (Intl.PluralRules: German one/other, Arabic six, Japanese
 *   only other), plus any exact =N forms the English has.
 */
export const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/locales');

interface Shape {
  /** Each placeholder with how it is used: 'plain', 'plural', 'select', 'number'... */
  args: string[];
  tags: string[];
  plurals: { arg: string; keys: string[] }[];
}

function walk(tokens: Token[], shape: Shape): void {
  for (const token of tokens) {
    if (token.type === 'argument') shape.args.push(`${token.arg}:plain`);
    else if (token.type === 'function') shape.args.push(`${token.arg}:${token.key}`);
    else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
      shape.args.push(`${token.arg}:${token.type}`);
      if (token.type === 'plural') shape.plurals.push({ arg: token.arg, keys: token.cases.map((c) => c.key) });
      for (const c of token.cases) walk(c.tokens, shape);
    }
  }
}

function shapeOf(message: string): Shape {
  const shape: Shape = { args: [], tags: [], plurals: [] };
  walk(parse(message, { strictPluralKeys: false }), shape);
  shape.tags = [...message.matchAll(/<\/?\d+\s*\/?>/g)].map((m) => m[0].replace(/\s/g, ''));
  return shape;
}

const sorted = (list: string[]) => [...new Set(list)].sort();
const same = (a: string[], b: string[]) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));

/** What is wrong with one language's catalogue (empty when nothing is). */
export function catalogueProblems(locale: string, content = readFileSync(path.join(LOCALES_DIR, locale, 'messages.po'), 'utf8')): string[] {
  const problems: string[] = [];
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as PluralCategory[];
  const po = PO.parse(content);
  // A message with an explicit id (server.{code}) has its English in the English catalogue, not in its msgid.
  const english = new Map(
    PO.parse(readFileSync(path.join(LOCALES_DIR, 'en', 'messages.po'), 'utf8')).items.map((i) => [i.msgid, i.msgstr.join('')]),
  );
  if (po.items.length === 0) problems.push(`${locale}: the catalogue has no messages`);
  for (const item of po.items) {
    if (item.obsolete) continue;
    const source = item.extractedComments.includes('js-lingui-explicit-id') ? (english.get(item.msgid) ?? item.msgid) : item.msgid;
    const translation = item.msgstr.join('');
    const where = `${locale}: "${source.length > 70 ? `${source.slice(0, 70)}...` : source}"`;
    if (!translation.trim()) {
      problems.push(`${where} has no translation`);
      continue;
    }
    let from: Shape;
    let to: Shape;
    try {
      from = shapeOf(source);
    } catch {
      continue; // Not ICU (the English check reports it)
    }
    try {
      to = shapeOf(translation);
    } catch (error) {
      problems.push(`${where}: the translation is not valid ICU (${(error as Error).message})`);
      continue;
    }
    if (!same(from.args, to.args))
      problems.push(`${where}: placeholders ${sorted(to.args).join(' ')} instead of ${sorted(from.args).join(' ')}`);
    if (!same(from.tags, to.tags)) problems.push(`${where}: tags ${sorted(to.tags).join(' ')} instead of ${sorted(from.tags).join(' ')}`);
    for (const plural of to.plurals) {
      const exact = (from.plurals.find((p) => p.arg === plural.arg)?.keys ?? []).filter((k) => k.startsWith('='));
      const want = [...categories, ...exact];
      if (!same(plural.keys, want))
        problems.push(`${where}: plural of {${plural.arg}} has forms ${sorted(plural.keys).join(' ')}, wants ${sorted(want).join(' ')}`);
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const locales = process.argv.slice(2);
  let failed = false;
  for (const locale of locales) {
    const problems = catalogueProblems(locale);
    failed ||= problems.length > 0;
    console.log(problems.length ? problems.join('\n') : `${locale}: complete`);
  }
  process.exitCode = failed ? 1 : 0;
}
