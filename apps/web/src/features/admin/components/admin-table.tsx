import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format-count';

/**
 * A plain data table with a header row, named by `label`; `empty` shows when there are no rows. It
 * scrolls sideways when narrower than its columns (a phone).
 */
export function AdminTable({ label, head, children, empty }: { label: string; head: string[]; children: ReactNode; empty?: ReactNode }) {
  return (
    // A region that scrolls must take keyboard focus, or a keyboard user cannot scroll it (WCAG 2.1.1).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the focus is for scrolling with the arrow keys
    <section aria-label={label} tabIndex={0} className="overflow-x-auto rounded-2xl border border-border">
      <table className="w-full text-start text-sm">
        <thead className="bg-surface-2 text-xs tracking-wide text-muted uppercase">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
      {empty}
    </section>
  );
}

/** Previous / next buttons with "page N of M". */
export function Pager({ page, total, pageSize, onPage }: { page: number; total: number; pageSize: number; onPage(page: number): void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const totalText = formatCount(total);
  return (
    <div className="mt-3 flex items-center justify-between text-sm text-muted">
      <span>
        <Trans>
          {totalText} in all · page {page} of {pages}
        </Trans>
      </span>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <Trans>Previous</Trans>
        </Button>
        <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          <Trans>Next</Trans>
        </Button>
      </div>
    </div>
  );
}

/** A short date and time in UTC. */
export const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
