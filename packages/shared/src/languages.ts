/**
 * The languages Ensemble speaks (issue 43). The app's texts are written in English; each other language has a
 * catalogue in apps/web/src/locales. A person's language follows the browser (navigator.languages, Accept-Language)
 * until they pick one in Settings, which an account keeps on the server.
 */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt-BR', 'ja', 'zh-CN', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's own name, as its speakers write it (shown in the language menu, never translated). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
  'zh-CN': '简体中文',
  ar: 'العربية',
};

/** Languages written right to left. */
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of the preferred language tags (best first) that Ensemble speaks: an exact tag, else its language
 * (pt-PT reads pt-BR, zh-TW reads zh-CN, es-MX reads es). Null when none is spoken.
 */
export function matchLanguage(preferred: readonly string[]): Language | null {
  for (const raw of preferred) {
    const tag = raw.trim().toLowerCase();
    if (!tag || tag === '*') continue;
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const base = tag.split(/[-_]/)[0];
    const byBase = LANGUAGES.find((l) => l.toLowerCase().split('-')[0] === base);
    if (byBase) return byBase;
  }
  return null;
}

/** The tags of an Accept-Language header, best first (q=0 dropped; malformed parts ignored). */
export function acceptedLanguages(header: string | undefined | null): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((t) => t.tag);
}

/** The language for an Accept-Language header: the best one Ensemble speaks, else English. */
export function languageForHeader(header: string | undefined | null): Language {
  return matchLanguage(acceptedLanguages(header)) ?? DEFAULT_LANGUAGE;
}
