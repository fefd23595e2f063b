import type { I18n } from '@lingui/core';
import { useMemo, useSyncExternalStore } from 'react';
import { i18n } from './index';

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
export function useLingui(): { i18n: I18n; _: I18n['_']; locale: string } {
  const locale = useLocale();
  return useMemo(() => ({ i18n, _: i18n._.bind(i18n), locale }), [locale]);
}
