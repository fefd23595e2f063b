import { useMemo, useSyncExternalStore } from 'react';
import { type AppI18n, i18n } from './index';

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const activeLocale = () => i18n.locale;

/** The active language: a component that reads it renders again when the language changes. */
export function useLocale(): string {
  return useSyncExternalStore(subscribe, activeLocale, activeLocale);
}

/**
 * The runtime behind `useLingui` from `@lingui/react/macro` (see lingui.config.ts): Lingui's own needs an
 * I18nProvider above every component; this one reads the app's single i18n instance and renders again when the
 * language changes.
 */
export function useLingui(): { i18n: AppI18n; _: AppI18n['_']; locale: string } {
  const locale = useLocale();
  return useMemo(() => ({ i18n, _: i18n._.bind(i18n), locale }), [locale]);
}
