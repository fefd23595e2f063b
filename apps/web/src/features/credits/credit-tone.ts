/** The colour of the credit bar: muted when empty, danger at 20 % or less, warning at 50 % or less, else accent. */
export type CreditTone = 'empty' | 'danger' | 'warning' | 'accent';

/** The filled share of the bar in percent, 0 to 100. */
export function creditPercent(remaining: number, max: number): number {
  if (max <= 0 || remaining <= 0) return 0;
  return Math.min(100, (remaining / max) * 100);
}

/** The bar's tone for a balance (screens.md, Credit meter). */
export function creditTone(remaining: number, max: number): CreditTone {
  const percent = creditPercent(remaining, max);
  if (percent === 0) return 'empty';
  if (percent <= 20) return 'danger';
  if (percent <= 50) return 'warning';
  return 'accent';
}
