import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

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
    const fromCatalogue = Object.fromEntries(Object.entries(english ?? {}).map(([id, m]) => [id, m.message]));
    expect(Object.keys(fromCode).length).toBeGreaterThan(0);
    expect(fromCatalogue, 'run `npm run i18n:extract -w apps/web` and commit the catalogue').toEqual(fromCode);
  }, 120_000);
});
