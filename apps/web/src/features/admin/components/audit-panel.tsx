import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { auditQuery } from '../api/admin-queries';
import { AdminTable, Pager, when } from './admin-table';

const show = (v: unknown) => (v == null ? '' : JSON.stringify(v));

/** The audit log: who did what to which account or plan, when, why, and the state before and after. */
export function AuditPanel() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const log = useQuery({ ...auditQuery(page), placeholderData: keepPreviousData });
  return (
    <section aria-label={t`Audit log`}>
      <AdminTable
        label={t`Audit log entries`}
        head={[t`When`, t`Operator`, t`Action`, t`Target`, t`Reason`, t`Before → after`]}
        empty={
          log.data?.entries.length === 0 && (
            <p className="px-3 py-6 text-center text-sm text-muted">
              <Trans>No operator actions yet.</Trans>
            </p>
          )
        }
      >
        {log.data?.entries.map((e) => (
          <tr key={e.id}>
            <td className="px-3 py-1.5 whitespace-nowrap text-muted">{when(e.created_at)}</td>
            <td className="px-3 py-1.5">{e.actor_email}</td>
            <td className="px-3 py-1.5">{e.action.replaceAll('_', ' ')}</td>
            <td className="px-3 py-1.5">{e.target}</td>
            <td className="px-3 py-1.5">{e.reason}</td>
            <td className="px-3 py-1.5 font-mono text-xs">
              {show(e.before)} → {show(e.after)}
            </td>
          </tr>
        ))}
      </AdminTable>
      {log.data && <Pager page={page} total={log.data.total} pageSize={log.data.page_size} onPage={setPage} />}
    </section>
  );
}
