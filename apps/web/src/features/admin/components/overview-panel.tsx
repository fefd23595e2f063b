import { OVERVIEW_WINDOWS, type OverviewWindow } from '@ensemble/shared';
import { Plural, Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { overviewQuery } from '../api/overview-query';

// The chart library comes with this chunk only: never in the chat bundle, nor on the other admin tabs.
const OverviewCharts = lazy(() => import('./overview-charts'));

const loading = (
  <div className="flex justify-center py-16">
    <Spinner />
  </div>
);

function windowOf(raw: string | null): OverviewWindow {
  const n = Number(raw);
  return (OVERVIEW_WINDOWS as readonly number[]).includes(n) ? (n as OverviewWindow) : 30;
}

/** /prod/admin (also /prod/admin/overview): how the service is used and what it earns, by day, for 7, 30 or 90 days. */
export function OverviewPanel() {
  const [params, setParams] = useSearchParams();
  const days = windowOf(params.get('days'));
  const q = useQuery(overviewQuery(days));
  const from = q.data?.from;
  const to = q.data?.to;
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">
          {q.data ? (
            <Trans>
              {from} to {to}, by UTC day. Figures are counted as things happen.
            </Trans>
          ) : (
            <Trans>By UTC day. Figures are counted as things happen.</Trans>
          )}
        </p>
        <fieldset className="flex gap-1">
          <legend className="sr-only">
            <Trans>Period</Trans>
          </legend>
          {OVERVIEW_WINDOWS.map((w) => (
            <Button
              key={w}
              size="sm"
              variant={w === days ? 'primary' : 'outline'}
              aria-pressed={w === days}
              onClick={() => setParams({ days: String(w) }, { replace: true })}
            >
              <Plural value={w} one="# day" other="# days" />
            </Button>
          ))}
        </fieldset>
      </div>
      {q.isError ? (
        <p className="text-danger">{q.error.message}</p>
      ) : q.data ? (
        <Suspense fallback={loading}>
          <OverviewCharts series={q.data.series} days={q.data.days} />
        </Suspense>
      ) : (
        loading
      )}
    </div>
  );
}
