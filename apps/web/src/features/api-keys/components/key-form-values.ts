import { SPENDING_MAX } from '@ensemble/shared';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date input's value for `day` in the person's own time zone (yyyy-mm-dd). */
export function dateInputValue(day: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/**
 * The moment a key chosen to expire on `date` (a date input's yyyy-mm-dd) stops working: the end of that day in the
 * person's own time zone, as ISO 8601; '' gives null (never), and a date that is not a real day, or whose end has
 * passed, gives 'invalid'.
 */
export function expiryFromDate(date: string, now = new Date()): string | null | 'invalid' {
  const trimmed = date.trim();
  if (!trimmed) return null;
  const match = DATE.exec(trimmed);
  if (!match) return 'invalid';
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const end = new Date(year, month, day, 23, 59, 59);
  // new Date rolls 31 February over into March: a day that is not in the calendar is refused, not moved.
  if (end.getFullYear() !== year || end.getMonth() !== month || end.getDate() !== day) return 'invalid';
  return end.getTime() > now.getTime() ? end.toISOString() : 'invalid';
}

/** A monthly credit limit as typed: '' gives null (no limit of its own), else a whole number from 1 to SPENDING_MAX. */
export function limitFromText(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (!/^\d+$/.test(trimmed)) return 'invalid';
  const n = Number(trimmed);
  return n >= 1 && n <= SPENDING_MAX ? n : 'invalid';
}
