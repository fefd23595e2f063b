import { PLANS, type Tier } from '@ensemble/shared';
import { t } from '@lingui/core/macro';
import { intlLocale } from '@/i18n/format';

const DAY_MS = 86_400_000;

/** A date as "May 1, 2024"; an unreadable value is shown as given. */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(intlLocale(), { year: 'numeric', month: 'long', day: 'numeric' });
}

/**
 * How long ago a moment was: "just now", "5 minutes ago", "yesterday", "3 days ago"; after a
 * month the date itself.
 */
export function formatRelativeDate(iso: string, now: number = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const seconds = Math.round((time - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(intlLocale(), { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 45) return t`just now`;
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < DAY_MS / 1000) return rtf.format(Math.round(seconds / 3600), 'hour');
  if (abs < (30 * DAY_MS) / 1000) return rtf.format(Math.round(seconds / 86_400), 'day');
  return formatLongDate(iso);
}

/** The plan's name for a tier ("Free", "Pro", "Premium"). */
export function planName(tier: Tier): string {
  return PLANS[tier]?.name ?? PLANS.free.name;
}
