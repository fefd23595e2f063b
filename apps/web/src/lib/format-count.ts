/**
 * A count as people read it in English: 2,000 and 1,234,567. Whole numbers are grouped here rather than through
 * `toLocaleString`: the page's first use of Intl loads the browser's locale data, about 50 ms of main-thread work, and
 * the credit meter shows a count on every first load. Other numbers go through Intl as before.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${digits}` : digits;
}
