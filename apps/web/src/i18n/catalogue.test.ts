import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { catalogueProblems } from '../../build/catalogue-check';
import { CATALOG_FILE, serverMessagesSource } from '../../build/server-messages';

// The English catalogue (src/locales/en/messages.po) is what translators start from: it must hold every message the
// code has, with the code's English, and no message the code no longer has. `npm run i18n:extract -w apps/web` makes it.
describe('the English catalogue', () => {
  it('holds every message of the code and nothing else', async () => {
    const config = getConfig({ configPath: path.resolve(__dirname, '../../lingui.config.ts') });
    const [catalog] = await getCatalogs(config);
    if (!catalog) throw new Error('lingui.config.ts names no catalogue');
    const inCode = await catalog.collect();
    if (!inCode) throw new Error('Lingui could not read the code');
    const english = await catalog.read('en');
    const fromCode = Object.fromEntries(Object.entries(inCode).map(([id, m]) => [id, m.message]));
    // A message with an explicit id (server.{code}) keeps its English as the English translation.
    const fromCatalogue = Object.fromEntries(Object.entries(english ?? {}).map(([id, m]) => [id, m.message ?? m.translation]));
    expect(Object.keys(fromCode).length).toBeGreaterThan(0);
    expect(fromCatalogue, 'run `npm run i18n:extract -w apps/web` and commit the catalogue').toEqual(fromCode);
  }, 120_000);
});

// Every other language translates every message, keeping its placeholders, tags and the language's plural forms.
describe('the translations', () => {
  const config = getConfig({ configPath: path.resolve(__dirname, '../../lingui.config.ts') });
  const translated = config.locales.filter((locale) => locale !== config.sourceLocale);

  it('cover the seven languages of issue 43', () => {
    expect(translated.sort()).toEqual(['ar', 'de', 'es', 'fr', 'ja', 'pt-BR', 'zh-CN']);
  });

  it.each(translated)('%s: every message translated, placeholders, tags and plural forms kept', (locale) => {
    expect(catalogueProblems(locale)).toEqual([]);
  });

  it('are checked for what a translator can get wrong', () => {
    const po = (entries: [string, string][]) =>
      entries.map(([id, str]) => `msgid ${JSON.stringify(id)}\nmsgstr ${JSON.stringify(str)}\n`).join('\n');
    const problems = catalogueProblems(
      'ar',
      po([
        ['Saved', ''],
        ['Hello {name}', 'مرحبًا {nom}'],
        ['<0>Terms</0> apply', 'تنطبق الشروط'],
        ['{count, plural, one {# credit} other {# credits}}', '{count, plural, one {رصيد واحد} other {# رصيد}}'],
        ['Broken {name}', 'مكسور {name'],
        [
          '{count, plural, one {# file} other {# files}}',
          '{count, plural, zero {لا ملفات} one {ملف} two {ملفان} few {# ملفات} many {# ملفًا} other {# ملف}}',
        ],
      ]),
    );
    expect(problems).toEqual([
      'ar: "Saved" has no translation',
      'ar: "Hello {name}": placeholders nom:plain instead of name:plain',
      'ar: "<0>Terms</0> apply": tags  instead of </0> <0>',
      'ar: "{count, plural, one {# credit} other {# credits}}": plural of {count} has forms one other, wants few many one other two zero',
      expect.stringMatching(/^ar: "Broken \{name\}": the translation is not valid ICU/),
    ]);
  });
});

describe('the spec’s messages for translators', () => {
  it('are every message of MESSAGES, with the values named as the server names them', () => {
    expect(readFileSync(CATALOG_FILE, 'utf8'), 'run `npx tsx apps/web/build/server-messages.ts`').toBe(serverMessagesSource());
  });
});
