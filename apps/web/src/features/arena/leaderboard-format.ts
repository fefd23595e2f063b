import { dateFormatter, numberFormatter } from '@/i18n/format';

/** A rating as shown: a whole number in the app's language (1,034 / 1.034). */
export function formatRating(rating: number): string {
  return numberFormatter({ maximumFractionDigits: 0 }).format(rating);
}

/** A 95% interval as a range of whole ratings ("987–1,034"), or null when there is none ("my votes"). */
export function formatInterval(low: number | null, high: number | null): string | null {
  if (low === null || high === null || !Number.isFinite(low) || !Number.isFinite(high)) return null;
  return numberFormatter({ maximumFractionDigits: 0 }).formatRange(Math.round(low), Math.round(high));
}

/** A share (0 to 1) as a whole percentage ("57%"). */
export function formatShare(share: number): string {
  return numberFormatter({ style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/** When the leaderboard was computed, as a date and time. */
export function formatComputedAt(iso: string): string {
  return dateFormatter({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A count as a whole number in the app's language. */
export function formatVotes(n: number): string {
  return numberFormatter({ maximumFractionDigits: 0 }).format(n);
}
