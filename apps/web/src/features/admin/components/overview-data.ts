import type { OverviewDay } from '@ensemble/shared';
import { t } from '@lingui/core/macro';
import { formatCount } from '@/lib/format-count';
import { intlLocale } from '@/i18n/format';

/** One chart's data: a row per day, a column per series (each series has a key, a label and a colour). */
export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}
export interface ChartData {
  series: ChartSeries[];
  rows: Array<{ day: string } & Record<string, number | string>>;
}

/** Distinct colours that read on the light and the dark theme. */
export const PALETTE = ['#2e90fa', '#f79009', '#12b76a', '#ee46bc', '#7a5af8', '#06aed4', '#f04438', '#98a2b3'];

/** "2026-11-23" as "Nov 23" (the day is UTC; so is the label). */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(intlLocale(), { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** The key of the summed remainder (after s0..s5, so legends sorted by key end with it). */
const OTHER = 'sx';

/** Chart data for one of a day's count maps: the largest keys by total, the rest summed as "Other". */
export function byKey(
  days: OverviewDay[],
  pick: (d: OverviewDay) => Record<string, number>,
  label: (key: string) => string = (k) => k || t`unknown`,
  limit = 6,
): ChartData {
  const totals = new Map<string, number>();
  for (const d of days) for (const [k, n] of Object.entries(pick(d))) totals.set(k, (totals.get(k) ?? 0) + n);
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k]) => k);
  const shown = ranked.length > limit ? ranked.slice(0, limit - 1) : ranked;
  const hasOther = ranked.length > shown.length;
  const series: ChartSeries[] = shown.map((k, i) => ({ key: `s${i}`, label: label(k), color: PALETTE[i % PALETTE.length] as string }));
  if (hasOther) series.push({ key: OTHER, label: t`Other`, color: PALETTE[PALETTE.length - 1] as string });
  const rows = days.map((d) => {
    const row: { day: string } & Record<string, number | string> = { day: d.day };
    const counts = pick(d);
    shown.forEach((k, i) => {
      row[`s${i}`] = counts[k] ?? 0;
    });
    if (hasOther) row[OTHER] = Object.entries(counts).reduce((s, [k, n]) => (shown.includes(k) ? s : s + n), 0);
    return row;
  });
  return { series, rows };
}

/** Chart data for fixed figures of each day (credits charged and refunded, say). */
export function byField(days: OverviewDay[], fields: Array<{ label: string; value: (d: OverviewDay) => number }>): ChartData {
  const series = fields.map((f, i) => ({ key: `s${i}`, label: f.label, color: PALETTE[i % PALETTE.length] as string }));
  const rows = days.map((d) => {
    const row: { day: string } & Record<string, number | string> = { day: d.day };
    fields.forEach((f, i) => {
      row[`s${i}`] = f.value(d);
    });
    return row;
  });
  return { series, rows };
}

/** A series' sum over the window. */
export const total = (data: ChartData, key: string) => data.rows.reduce((s, r) => s + Number(r[key] ?? 0), 0);

/** A series' value on the window's last day (for snapshots such as subscriptions). */
export const latest = (data: ChartData, key: string) => Number(data.rows[data.rows.length - 1]?.[key] ?? 0);

const count = (n: number) => formatCount(n);

/** A sentence a screen reader hears for the chart: the window and each series' total (or latest value). */
export function summary(title: string, data: ChartData, days: number, mode: 'total' | 'latest' = 'total', format = count): string {
  if (data.series.length === 0) return t`${title}, last ${days} days: no data yet.`;
  const figures = data.series
    .map((s) => {
      const label = s.label;
      const value = format(mode === 'total' ? total(data, s.key) : latest(data, s.key));
      return t`${label} ${value}`;
    })
    .join('; ');
  return mode === 'latest' ? t`${title}, last ${days} days, today: ${figures}.` : t`${title}, last ${days} days, in all: ${figures}.`;
}

/** Minor units (cents) of a currency as money: 123456 usd -> "$1,234.56". */
export function money(minor: number, currency: string): string {
  try {
    const f = new Intl.NumberFormat(intlLocale(), { style: 'currency', currency: currency.toUpperCase() });
    const digits = f.resolvedOptions().maximumFractionDigits ?? 2;
    return f.format(minor / 10 ** digits);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** "openai|rate_limit" as "openai · rate limit". */
export const failureLabel = (key: string) => {
  const [provider, rawKind] = key.split('|');
  const name = provider || t`unknown`;
  const kind = rawKind === undefined ? t`unknown` : rawKind.replaceAll('_', ' ');
  return `${name} · ${kind}`;
};
