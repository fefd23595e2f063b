import type { AdminApiKey } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { formatCount } from '@/lib/format-count';
import { useRevokeUserKey } from '../api/revoke-user-key';
import { userKeysQuery } from '../api/user-keys-query';
import { AdminTable, when } from './admin-table';
import { ReasonDialog } from './reason-dialog';

const cell = 'px-3 py-1.5';

function KeyState({ k }: { k: AdminApiKey }) {
  const revokedAt = k.revoked_at ? when(k.revoked_at) : null;
  if (revokedAt) {
    return (
      <Badge tone="danger">
        <Trans>Revoked {revokedAt}</Trans>
      </Badge>
    );
  }
  if (k.expires_at && new Date(k.expires_at).getTime() <= Date.now()) {
    return (
      <Badge tone="warning">
        <Trans>Expired</Trans>
      </Badge>
    );
  }
  return (
    <Badge tone="success">
      <Trans>Active</Trans>
    </Badge>
  );
}

/** Asks the operator why (it goes to the audit log), then revokes the key. */
function RevokeDialog({ target, onClose }: { target: AdminApiKey | null; onClose(): void }) {
  const { t } = useLingui();
  const revoke = useRevokeUserKey();
  const name = target?.name ?? '';
  return (
    <ReasonDialog
      open={target !== null}
      formId="revoke-key-form"
      title={t`Revoke API key`}
      description={t`“${name}” stops working at once and its running requests are cut. The owner sees it gone from Settings.`}
      confirmLabel={<Trans>Revoke key</Trans>}
      pending={revoke.isPending}
      onConfirm={(reason) => (target ? revoke.mutateAsync({ id: target.id, reason }) : Promise.resolve())}
      onClose={onClose}
    />
  );
}

/** The operator's view of one account's API keys: each key's use and state, with Revoke (and a reason) for live ones. */
export function UserKeysPanel({ userId }: { userId: number }) {
  const { t } = useLingui();
  const q = useQuery(userKeysQuery(userId));
  const [target, setTarget] = useState<AdminApiKey | null>(null);
  const count = formatCount(q.data?.length ?? 0);
  return (
    <section aria-labelledby="admin-user-keys">
      <h3 id="admin-user-keys" className="mb-2 text-lg text-fg">
        <Trans>API keys ({count})</Trans>
      </h3>
      {q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <ErrorBanner message={q.error.message} />
      ) : (
        <AdminTable
          label={t`API keys`}
          head={[t`Name`, t`Key`, t`Created`, t`Last used`, t`Expires`, t`Monthly limit`, t`This month`, t`Status`, t`Action`]}
          empty={
            q.data.length === 0 && (
              <p className="px-3 py-4 text-center text-sm text-muted">
                <Trans>No API keys.</Trans>
              </p>
            )
          }
        >
          {q.data.map((k) => {
            const name = k.name;
            return (
              <tr key={k.id} data-testid="admin-key-row">
                <td className={`${cell} max-w-48 truncate`}>{k.name}</td>
                <td className={`${cell} font-mono text-xs`} dir="ltr">{`${k.prefix}…`}</td>
                <td className={`${cell} whitespace-nowrap text-muted`}>{when(k.created_at)}</td>
                <td className={`${cell} whitespace-nowrap text-muted`}>{k.last_used_at ? when(k.last_used_at) : t`Never`}</td>
                <td className={`${cell} whitespace-nowrap text-muted`}>{k.expires_at ? when(k.expires_at) : t`Never`}</td>
                <td className={`${cell} tabular-nums`}>{k.monthly_limit == null ? t`No limit` : formatCount(k.monthly_limit)}</td>
                <td className={`${cell} tabular-nums`}>{formatCount(k.spent_this_month)}</td>
                <td className={cell}>
                  <KeyState k={k} />
                </td>
                <td className={cell}>
                  {!k.revoked_at && (
                    <Button size="sm" variant="outline" aria-label={t`Revoke the key ${name}`} onClick={() => setTarget(k)}>
                      <Trans>Revoke</Trans>
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
      <RevokeDialog target={target} onClose={() => setTarget(null)} />
    </section>
  );
}
