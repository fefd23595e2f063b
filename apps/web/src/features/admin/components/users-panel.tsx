import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { usersQuery } from '../api/admin-queries';
import { AdminTable, Pager, when } from './admin-table';
import { formatCount } from '@/lib/format-count';

/** Account search by e-mail or name, paged; each row opens the account. */
export function UsersPanel() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(q);
  const list = useQuery({ ...usersQuery(q, page), placeholderData: keepPreviousData });

  function handleSearch(event: FormEvent) {
    event.preventDefault();
    setParams(text.trim() ? { q: text.trim() } : {});
  }

  return (
    <section aria-label={t`Users`}>
      <form aria-label={t`Search users`} onSubmit={handleSearch} className="mb-4 flex gap-2">
        <Input
          aria-label={t`Search by e-mail or name`}
          placeholder={t`Search by e-mail or name`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="max-w-md"
        />
        <Button type="submit" icon={<Search />}>
          <Trans>Search</Trans>
        </Button>
      </form>
      {list.isError && <p className="text-sm text-danger">{list.error.message}</p>}
      <AdminTable
        label={t`Accounts`}
        head={[t`Account`, t`Plan`, t`Balance`, t`Status`, t`Joined`]}
        empty={
          list.data?.users.length === 0 && (
            <p className="px-3 py-6 text-center text-sm text-muted">
              <Trans>No account matches “{q}”.</Trans>
            </p>
          )
        }
      >
        {list.data?.users.map((u) => (
          <tr key={u.id} className="hover:bg-surface-2/60">
            <td className="px-3 py-2">
              <Link to={`/admin/users/${u.id}`} className="font-medium text-fg hover:text-accent">
                {u.email}
              </Link>
              <div className="text-xs text-muted">{u.username}</div>
            </td>
            <td className="px-3 py-2 capitalize">{u.plan}</td>
            <td className="px-3 py-2 tabular-nums">{formatCount(u.credits)}</td>
            <td className="px-3 py-2">
              {u.suspended ? (
                <Badge tone="danger">
                  <Trans>Suspended</Trans>
                </Badge>
              ) : u.email_verified ? (
                <Badge tone="success">
                  <Trans>Verified</Trans>
                </Badge>
              ) : (
                <Badge>
                  <Trans>Unverified</Trans>
                </Badge>
              )}
            </td>
            <td className="px-3 py-2 text-muted">{when(u.created_at)}</td>
          </tr>
        ))}
      </AdminTable>
      {list.data && (
        <Pager
          page={page}
          total={list.data.total}
          pageSize={list.data.page_size}
          onPage={(p) => setParams({ ...(q ? { q } : {}), page: String(p) })}
        />
      )}
    </section>
  );
}
