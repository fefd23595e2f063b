import { describe, expect, it } from 'vitest';
import { englishLiterals, SRC, sourceFiles } from '../../build/literal-strings';

// See build/literal-strings.ts for what counts as a text someone reads.
describe('the web app', () => {
  it('has no English text outside the translation macros', () => {
    expect(SRC).toMatch(/src$/);
    const found = sourceFiles(SRC).flatMap(englishLiterals);
    expect(found).toEqual([]);
  });

  it('finds the texts it is meant to find', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = mkdtempSync(path.join(tmpdir(), 'literals-'));
    const file = path.join(dir, 'sample.tsx');
    writeFileSync(
      file,
      [
        "import { t } from '@lingui/core/macro';",
        "import { Trans } from '@lingui/react/macro';",
        'export const A = ({ n }: { n: number }) => (',
        '  <div aria-label="Close the menu" title={n ? \'Many things\' : t`Fine`} className="flex gap-2">',
        '    Hello there',
        '    <Trans>Translated text</Trans>',
        "    {n > 1 ? 'Two or more' : null}",
        '    {t`Also fine`} Ensemble GPT-4o',
        '  </div>',
        ');',
        "export const OPTIONS = [{ value: 'a-b', label: 'First option' }, { value: 'c', label: 'OpenAI' }];",
        "toast.error('Could not save');",
      ].join('\n'),
    );
    try {
      expect(englishLiterals(file).map((line) => line.replace(/^.*sample\.tsx:/, ''))).toEqual([
        '4: "Close the menu"',
        '4: "Many things"',
        '5: "Hello there"',
        '7: "Two or more"',
        '11: "First option"',
        '12: "Could not save"',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
