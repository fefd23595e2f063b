import type { AdminUserDetail } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { userQuery } from '../api/admin-queries';
import { AdminTable, when } from './admin-table';
import { UserActionsPanel } from './user-actions-panel';
import { UserKeysPanel } from './user-keys-panel';
import { formatCount } from '@/lib/format-count';

const n = (v: number) => formatCount(v);

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-2xl border border-border bg-surface px-4 py-3">
      <dt className="text-xs tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 text-lg text-fg tabular-nums">{children}</dd>
    </div>
  );
}

function Facts({ u }: { u: AdminUserDetail }) {
  const { t } = useLingui();
  const budget = u.monthly_budget != null ? n(u.monthly_budget) : null;
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <Fact label={t`Plan`}>
        <span className="capitalize">{u.plan}</span>
        <span className="ms-2 text-sm text-muted">{u.subscription_status}</span>
      </Fact>
      <Fact label={t`Balance`}>
        <span data-testid="admin-user-balance">{n(u.credits)}</span>
      </Fact>
      <Fact label={t`Used this month`}>
        {n(u.month_spent)}
        {budget != null && (
          <span className="text-sm text-muted">
            {' '}
            <Trans>of {budget} budget</Trans>
          </span>
        )}
      </Fact>
      <Fact label={t`Status`}>
        {u.suspended ? (
          <Badge tone="danger">
            <Trans>Suspended</Trans>
          </Badge>
        ) : (
          <Badge tone="success">
            <Trans>Active</Trans>
          </Badge>
        )}{' '}
        {!u.email_verified && (
          <Badge>
            <Trans>Unverified e-mail</Trans>
          </Badge>
        )}
      </Fact>
    </dl>
  );
}

/** /prod/admin/users/:id: one account's plan, status, balance, API keys, ledger, usage by model, threads and images, with actions. */
export function UserDetail() {
  const { t } = useLingui();
  const id = Number(useParams().userId);
  const q = useQuery({ ...userQuery(id), enabled: Number.isInteger(id) && id > 0 });
  if (q.isPending) return <Spinner />;
  if (q.isError) return <p className="text-danger">{q.error.message}</p>;
  const u = q.data;
  const username = u.username;
  const joined = when(u.created_at);
  const planEnds = u.subscription_end_date?.slice(0, 10);
  const threadCount = n(u.thread_count);
  const imageCount = n(u.image_count);
  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/users" className="inline-flex items-center gap-1 text-sm text-muted hover:text-fg">
          <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" /> <Trans>All users</Trans>
        </Link>
        <h2 className="mt-2 text-2xl [overflow-wrap:anywhere] text-fg">{u.email}</h2>
        <p className="text-sm [overflow-wrap:anywhere] text-muted">
          <Trans>
            {username} · joined {joined}
          </Trans>
          {planEnds && (
            <>
              {' · '}
              <Trans>plan ends {planEnds}</Trans>
            </>
          )}
        </p>
      </div>
      <Facts u={u} />
      <UserActionsPanel user={u} />
      <UserKeysPanel userId={u.id} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section aria-label={t`Ledger`}>
          <h3 className="mb-2 text-lg text-fg">
            <Trans>Ledger (latest 50)</Trans>
          </h3>
          <AdminTable label={t`Ledger entries`} head={[t`When`, t`Change`, t`Balance`, t`Why`]}>
            {u.ledger.map((r) => (
              <tr key={r.id}>
                <td className="px-3 py-1.5 text-muted">{when(r.created_at)}</td>
                <td className={r.delta < 0 ? 'px-3 py-1.5 tabular-nums text-danger' : 'px-3 py-1.5 tabular-nums text-success'}>
                  {r.delta > 0 ? `+${n(r.delta)}` : n(r.delta)}
                </td>
                <td className="px-3 py-1.5 tabular-nums">{n(r.balance_after)}</td>
                <td className="px-3 py-1.5">{r.model ? `${r.reason} · ${r.model}` : r.reason}</td>
              </tr>
            ))}
          </AdminTable>
        </section>
        <div className="space-y-6">
          <section aria-label={t`Usage by model`}>
            <h3 className="mb-2 text-lg text-fg">
              <Trans>Usage by model</Trans>
            </h3>
            <AdminTable
              label={t`Usage by model`}
              head={[t`Model`, t`Requests`, t`Credits`]}
              empty={
                u.usage_by_model.length === 0 && (
                  <p className="px-3 py-4 text-center text-sm text-muted">
                    <Trans>No requests yet.</Trans>
                  </p>
                )
              }
            >
              {u.usage_by_model.map((r) => (
                <tr key={r.model}>
                  <td className="px-3 py-1.5">{r.model}</td>
                  <td className="px-3 py-1.5 tabular-nums">{n(r.requests)}</td>
                  <td className="px-3 py-1.5 tabular-nums">{n(r.credits)}</td>
                </tr>
              ))}
            </AdminTable>
          </section>
          <section aria-label={t`Threads`}>
            <h3 className="mb-2 text-lg text-fg">
              <Trans>Threads ({threadCount})</Trans>
            </h3>
            {u.threads.length === 0 && (
              <p className="text-sm text-muted">
                <Trans>No saved threads.</Trans>
              </p>
            )}
            <ul className="divide-y divide-border rounded-2xl border border-border text-sm empty:hidden">
              {u.threads.map((thread) => {
                const messageCount = thread.message_count;
                return (
                  <li key={thread.id} className="flex justify-between gap-3 px-3 py-1.5">
                    <span className="truncate">{thread.title}</span>
                    <span className="shrink-0 text-muted">
                      <Trans>{messageCount} messages</Trans>
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
          <section aria-label={t`Images`}>
            <h3 className="mb-2 text-lg text-fg">
              <Trans>Images ({imageCount})</Trans>
            </h3>
            {u.images.length === 0 && (
              <p className="text-sm text-muted">
                <Trans>No images.</Trans>
              </p>
            )}
            <ul className="divide-y divide-border rounded-2xl border border-border text-sm empty:hidden">
              {u.images.map((i) => (
                <li key={i.id} className="flex justify-between gap-3 px-3 py-1.5">
                  <span className="truncate">{i.prompt}</span>
                  <span className="shrink-0 text-muted">{i.model}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </div>
  );
}
