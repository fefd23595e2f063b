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
type Formatter = Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat;
const formatters = new Map<string, Formatter>();
function cached<F extends Formatter>(kind: string, options: object, make: (locale: string) => F): F {
  const key = `${kind}|${intlLocale()}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = make(intlLocale());
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A cached date formatter for the app's language. */
export function dateFormatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached('date', options, (locale) => new Intl.DateTimeFormat(locale, options));
}

/** A cached number formatter for the app's language. */
export function numberFormatter(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached('number', options, (locale) => new Intl.NumberFormat(locale, options));
}

/** A cached relative time formatter ("2 hours ago", "yesterday") for the app's language. */
export function relativeTimeFormatter(options: Intl.RelativeTimeFormatOptions = { numeric: 'auto' }): Intl.RelativeTimeFormat {
  return cached('relative', options, (locale) => new Intl.RelativeTimeFormat(locale, options));
}
