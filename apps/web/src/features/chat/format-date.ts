// One formatter for every date shown: creating an Intl formatter costs far more than using one,
// and the thread header renders with every chunk of a streaming reply.
let formatter: Intl.DateTimeFormat | null = null;

/** A creation date as shown in the list and the header (e.g. 'Mar 5, 2025'); blank when unreadable. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  formatter ??= new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
  return formatter.format(d);
}
