import { i18n, SOURCE_LOCALE } from '@/i18n';
import { numberFormatter } from '@/i18n/format';
/**
 * A count as people read it: 2,000 and 1,234,567 in English, 2.000 in German. English whole numbers are grouped here
 * rather than through `toLocaleString`: the page's first use of Intl loads the browser's locale data, about 50 ms of
 * main-thread work, and the credit meter shows a count on every first load. Other languages, and other numbers, go
 * through Intl.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n) || i18n.locale !== SOURCE_LOCALE) return numberFormatter().format(n);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${digits}` : digits;
}
