import type { AdminProviderRow } from '@ensemble/shared';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { adminProvidersQuery } from '../api/models-api';
import { AdminTable } from './admin-table';
import { formatCount } from '@/lib/format-count';

const MODE = {
  configured: { label: msg`Configured`, tone: 'success' },
  demo: { label: msg`Demo`, tone: 'warning' },
  off: { label: msg`Off`, tone: 'danger' },
} as const;

const percent = (rate: number) => `${(rate * 100).toFixed(rate > 0 && rate < 0.1 ? 1 : 0)}%`;
const ms = (v: number | null) => (v === null ? '—' : `${formatCount(v)} ms`);

function Errors({ p }: { p: AdminProviderRow }) {
  if (p.replies === 0) return <span className="text-muted">—</span>;
  if (p.failed === 0) return <span>0%</span>;
  return (
    <ul className="space-y-0.5">
      {p.errors.map((e) => (
        <li key={e.kind}>
          <span className="font-mono text-xs">{e.kind}</span> {percent(e.rate)} <span className="text-xs text-muted">({e.count})</span>
        </li>
      ))}
    </ul>
  );
}

/** Per provider over the last hour: configured or demo, the models it serves, errors by kind and time to first token. */
export function ProvidersPanel() {
  const { t, i18n } = useLingui();
  const q = useQuery(adminProvidersQuery());
  if (q.isError) return <p className="text-danger">{q.error.message}</p>;
  if (!q.data) return null;
  const minutes = q.data.window_minutes;
  return (
    <section aria-label={t`Providers`}>
      <p className="mb-3 text-sm text-muted">
        <Trans>The last {minutes} minutes, from the replies of every instance.</Trans>
      </p>
      <AdminTable
        label={t`Provider figures`}
        head={[t`Provider`, t`Mode`, t`Models served`, t`Replies`, t`Errors by kind`, t`Time to first token p50`, t`p95`]}
      >
        {q.data.providers.map((p) => {
          const modelCount = p.models.length;
          const notServed = p.models.filter((m) => m.availability === 'unavailable').length;
          return (
            <tr key={p.id}>
              <th scope="row" className="px-3 py-1.5 text-start font-medium text-fg">
                {p.label}
              </th>
              <td className="px-3 py-1.5">
                <Badge tone={MODE[p.mode].tone}>{i18n._(MODE[p.mode].label)}</Badge>
              </td>
              <td className="px-3 py-1.5">
                <details>
                  <summary className="cursor-pointer">
                    <Plural value={modelCount} one="# model" other="# models" />
                    {notServed > 0 && (
                      <span className="text-danger">
                        {' '}
                        · <Trans>{notServed} not served</Trans>
                      </span>
                    )}
                  </summary>
                  <ul className="mt-1 font-mono text-xs">
                    {p.models.map((m) => (
                      <li key={m.id} className={m.availability === 'unavailable' ? 'text-danger' : undefined}>
                        {m.id}
                        {m.availability === 'unavailable' && (
                          <>
                            {' '}
                            <Trans>(not served)</Trans>
                          </>
                        )}
                      </li>
                    ))}
                  </ul>
                </details>
              </td>
              <td className="px-3 py-1.5 tabular-nums">{formatCount(p.replies)}</td>
              <td className="px-3 py-1.5">
                <Errors p={p} />
              </td>
              <td className="px-3 py-1.5 tabular-nums">{ms(p.ttft_p50_ms)}</td>
              <td className="px-3 py-1.5 tabular-nums">{ms(p.ttft_p95_ms)}</td>
            </tr>
          );
        })}
      </AdminTable>
    </section>
  );
}
