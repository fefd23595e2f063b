import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { abuseQuery } from '../api/admin-queries';
import { AdminTable } from './admin-table';
import { formatCount } from '@/lib/format-count';

const none = (text: string) => <p className="px-3 py-4 text-center text-sm text-muted">{text}</p>;

function Hits({ title, rows, hint }: { title: string; hint: string; rows: Array<{ client_address: string; hits: number }> }) {
  return (
    <section aria-label={title}>
      <h2 className="text-lg text-fg">{title}</h2>
      <p className="mb-2 text-sm text-muted">{hint}</p>
      <AdminTable label={title} head={['Address', 'Times']} empty={rows.length === 0 && none('Nothing in this period.')}>
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
  const q = useQuery(abuseQuery());
  if (q.isError) return <p className="text-danger">{q.error.message}</p>;
  if (!q.data) return null;
  const d = q.data;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <Hits title="Funded-guest limit" hint={`Guests made past the daily limit, last ${d.days} days.`} rows={d.funded_guest_limit} />
      <Hits title="Login throttle" hint={`Logins refused with 429, last ${d.days} days.`} rows={d.login_throttle} />
      <section aria-label="Top spenders today">
        <h2 className="text-lg text-fg">Top spenders today</h2>
        <p className="mb-2 text-sm text-muted">Credits spent since midnight UTC.</p>
        <AdminTable
          label="Top spenders today"
          head={['Who', 'Plan', 'Credits']}
          empty={d.top_spenders_today.length === 0 && none('No spending yet today.')}
        >
          {d.top_spenders_today.map((s) => (
            <tr key={`${s.kind}-${s.id}`}>
              <td className="px-3 py-1.5">
                {s.kind === 'account' ? (
                  <Link to={`/admin/users/${s.id}`} className="hover:text-accent">
                    {s.label}
                  </Link>
                ) : (
                  <span className="font-mono">guest {s.label}</span>
                )}
              </td>
              <td className="px-3 py-1.5 capitalize">{s.plan}</td>
              <td className="px-3 py-1.5 tabular-nums">{formatCount(s.credits)}</td>
            </tr>
          ))}
        </AdminTable>
      </section>
    </div>
  );
}
