import { dateFormatter } from '@/i18n/format';

const DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };

/** A creation date as shown in the list and the header (e.g. 'Mar 5, 2025'); blank when unreadable. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  // One cached formatter per language: the thread header renders with every chunk of a streaming reply.
  return dateFormatter(DATE).format(d);
}
