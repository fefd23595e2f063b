import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * Lingui (https://lingui.dev): the app's texts are written in English in the components, with Lingui's macros
 * (`t`, `<Trans>`, `<Plural>`, `msg`), and extracted to one catalogue per language by `npm run i18n:extract -w apps/web`.
 * English, the source language, needs no catalogue at run time: the build compiles each message where it is written
 * (build/lingui-source-messages.ts). The other languages' catalogues will load on demand, one language at a time.
 */
const config: LinguiConfig = {
  sourceLocale: 'en',
  locales: ['en', 'es', 'fr', 'de', 'pt-BR', 'ja', 'zh-CN', 'ar'],
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: ['**/*.test.*', '**/test/**'] }],
  // Origins without line numbers: a catalogue changes when a message does, not when a line moves.
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
  // The macros' runtime: our i18n instance (English without a library; Lingui's runtime loads with another language),
  // and a Trans and useLingui that need no provider and follow the active language (src/i18n).
  runtimeConfigModule: {
    i18n: ['@/i18n', 'i18n'],
    Trans: ['@/i18n/trans', 'Trans'],
    useLingui: ['@/i18n/use-lingui', 'useLingui'],
  },
};

export default config;
