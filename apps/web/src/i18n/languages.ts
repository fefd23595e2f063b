import { DEFAULT_LANGUAGE, isLanguage, type Language, matchLanguage, RTL_LANGUAGES, STORAGE_KEYS } from '@ensemble/shared';
import type { I18n, Messages } from '@lingui/core';
import { localStore } from '@/lib/storage';
import { i18n, SOURCE_LOCALE } from './index';

/**
 * Which language the app speaks, and loading it. English is compiled into the code; every other language's
 * catalogue is its own chunk, fetched only when that language is used (so a visitor downloads one language), with
 * Lingui's runtime, which only the other languages need (see index.ts).
 * The language follows the browser (navigator.languages) until the person picks one in Settings: a guest's choice is
 * kept in this browser, an account's on the server too (applied on every device, see useAccountLanguage).
 */
const catalogues = import.meta.glob<{ messages: Messages }>(['../locales/*/messages.po', '!../locales/en/messages.po']);

const loaded = new Map<Language, Promise<I18n>>();
/** Lingui's runtime holding a language's catalogue. */
function loadLanguage(language: Language): Promise<I18n> {
  let pending = loaded.get(language);
  if (!pending) {
    const load = catalogues[`../locales/${language}/messages.po`];
    pending = Promise.all([load ? load().then((m) => m.messages) : {}, import('@lingui/core')]).then(([messages, { setupI18n }]) =>
      setupI18n({ locale: language, messages: { [language]: messages } }),
    );
    // A failed download is tried again next time.
    pending.catch(() => loaded.delete(language));
    loaded.set(language, pending);
  }
  return pending;
}

/** The language picked in Settings on this browser, or null to follow the browser's own. */
export function chosenLanguage(): Language | null {
  const stored = localStore.getString(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : null;
}

/** The browser's preferred language that the app speaks, else English. */
export function browserLanguage(): Language {
  const preferred = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return matchLanguage(preferred ?? []) ?? DEFAULT_LANGUAGE;
}

/** The language a page starts in. */
export function initialLanguage(): Language {
  return chosenLanguage() ?? browserLanguage();
}

/** The active language (English until another has loaded). */
export function activeLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

/** Whether a language is written right to left. */
export function isRtl(language: string): boolean {
  return (RTL_LANGUAGES as readonly string[]).includes(language);
}

/** `<html lang dir>` follow the language: screen readers, hyphenation, fonts and right-to-left layout need them. */
function applyToDocument(language: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr';
}

let latest: Language | null = null;
/**
 * Loads a language's catalogue and makes it the active one; every text on screen follows, without a reload. When
 * languages are asked for in quick succession, the last one asked wins.
 */
export async function activateLanguage(language: Language): Promise<void> {
  latest = language;
  const runtime = language === SOURCE_LOCALE ? undefined : await loadLanguage(language);
  if (latest !== language) return;
  i18n.use(runtime);
  applyToDocument(language);
}

/**
 * Starts the page in its language. Null when that is English (nothing to load, the app renders at once); otherwise
 * the promise of its catalogue, which the first render waits for so that no English flashes first. A catalogue that
 * cannot be fetched leaves the page in English.
 */
export function startLanguage(): Promise<void> | null {
  const language = initialLanguage();
  if (language === DEFAULT_LANGUAGE) {
    applyToDocument(language);
    return null;
  }
  return activateLanguage(language).catch(() => applyToDocument(DEFAULT_LANGUAGE));
}

/** Keeps a choice made in Settings (null: follow the browser again) and switches to it. */
export function chooseLanguage(language: Language | null): Promise<void> {
  if (language) localStore.setString(STORAGE_KEYS.language, language);
  else localStore.remove(STORAGE_KEYS.language);
  return activateLanguage(language ?? browserLanguage());
}

/** Another tab changed the language: this one follows. */
export function followOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.language || event.key === null) void activateLanguage(initialLanguage()).catch(() => {});
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
