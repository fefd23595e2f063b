import { i18n, SOURCE_LOCALE } from './index';

/**
 * Numbers and dates in the app's language (issue 43). English keeps the spec's US formats ('Mar 5, 2025', 2,000);
 * Arabic keeps Western digits, as Arabic product interfaces mostly do.
 */
export function intlLocale(): string {
  const locale = i18n.locale || SOURCE_LOCALE;
  if (locale === SOURCE_LOCALE) return 'en-US';
  if (locale === 'ar') return 'ar-u-nu-latn';
  return locale;
}

// Creating an Intl formatter costs far more than using one: one per language and options.
const dates = new Map<string, Intl.DateTimeFormat>();
const numbers = new Map<string, Intl.NumberFormat>();

/** A cached date formatter for the app's language. */
export function dateFormatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${intlLocale()}|${JSON.stringify(options)}`;
  const known = dates.get(key);
  if (known) return known;
  const made = new Intl.DateTimeFormat(intlLocale(), options);
  dates.set(key, made);
  return made;
}

/** A cached number formatter for the app's language. */
export function numberFormatter(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${intlLocale()}|${JSON.stringify(options)}`;
  const known = numbers.get(key);
  if (known) return known;
  const made = new Intl.NumberFormat(intlLocale(), options);
  numbers.set(key, made);
  return made;
}
