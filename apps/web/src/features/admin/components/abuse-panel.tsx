import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { abuseQuery } from '../api/admin-queries';
import { AdminTable } from './admin-table';
import { formatCount } from '@/lib/format-count';

const none = (text: string) => <p className="px-3 py-4 text-center text-sm text-muted">{text}</p>;

function Hits({ title, rows, hint }: { title: string; hint: string; rows: Array<{ client_address: string; hits: number }> }) {
  const { t } = useLingui();
  return (
    <section aria-label={title}>
      <h2 className="text-lg text-fg">{title}</h2>
      <p className="mb-2 text-sm text-muted">{hint}</p>
      <AdminTable label={title} head={[t`Address`, t`Times`]} empty={rows.length === 0 && none(t`Nothing in this period.`)}>
        {rows.map((r) => (
          <tr key={r.client_address}>
            <td className="px-3 py-1.5 font-mono">{r.client_address}</td>
            <td className="px-3 py-1.5 tabular-nums">{formatCount(r.hits)}</td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}

/** Who strains the limits: addresses past the funded-guest limit or the login throttle, and today's top spenders. */
export function AbusePanel() {
  const { t } = useLingui();
  const q = useQuery(abuseQuery());
  if (q.isError) return <p className="text-danger">{q.error.message}</p>;
  if (!q.data) return null;
  const d = q.data;
  const days = d.days;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <Hits title={t`Funded-guest limit`} hint={t`Guests made past the daily limit, last ${days} days.`} rows={d.funded_guest_limit} />
      <Hits title={t`Login throttle`} hint={t`Logins refused with 429, last ${days} days.`} rows={d.login_throttle} />
      <section aria-label={t`Top spenders today`}>
        <h2 className="text-lg text-fg">
          <Trans>Top spenders today</Trans>
        </h2>
        <p className="mb-2 text-sm text-muted">
          <Trans>Credits spent since midnight UTC.</Trans>
        </p>
        <AdminTable
          label={t`Top spenders today`}
          head={[t`Who`, t`Plan`, t`Credits`]}
          empty={d.top_spenders_today.length === 0 && none(t`No spending yet today.`)}
        >
          {d.top_spenders_today.map((s) => {
            const guestLabel = s.label;
            return (
              <tr key={`${s.kind}-${s.id}`}>
                <td className="px-3 py-1.5">
                  {s.kind === 'account' ? (
                    <Link to={`/admin/users/${s.id}`} className="hover:text-accent">
                      {s.label}
                    </Link>
                  ) : (
                    <span className="font-mono">
                      <Trans>guest {guestLabel}</Trans>
                    </span>
                  )}
                </td>
                <td className="px-3 py-1.5 capitalize">{s.plan}</td>
                <td className="px-3 py-1.5 tabular-nums">{formatCount(s.credits)}</td>
              </tr>
            );
          })}
        </AdminTable>
      </section>
    </div>
  );
}
