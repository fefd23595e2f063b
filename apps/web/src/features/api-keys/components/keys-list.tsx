import type { ApiKey } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { useRevokeKey } from '../api/revoke-key';
import { KeyFacts, KeyTitle, isExpired } from './key-facts';

/** The account's keys, each with its facts and Revoke (confirmed first). */
export function KeysList({ keys }: { keys: ApiKey[] }) {
  const { t } = useLingui();
  const revoke = useRevokeKey();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revokingName = revoking?.name ?? '';

  return (
    <>
      {revoke.isError && <ErrorBanner message={revoke.error.message} onDismiss={() => revoke.reset()} className="mb-3" />}
      {keys.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted">
          <Trans>You have no API keys yet.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Your API keys`} className="divide-y divide-border rounded-2xl border border-border">
          {keys.map((key) => {
            const name = key.name;
            return (
              <li key={key.id} data-testid="api-key-row" className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0 flex-1 space-y-3">
                  <KeyTitle apiKey={key}>
                    {isExpired(key) && (
                      <Badge tone="warning">
                        <Trans>Expired</Trans>
                      </Badge>
                    )}
                  </KeyTitle>
                  <KeyFacts apiKey={key} />
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  icon={<Trash2 className="size-4" aria-hidden />}
                  aria-label={t`Revoke the key ${name}`}
                  onClick={() => {
                    revoke.reset();
                    setRevoking(key);
                  }}
                  className="self-start"
                >
                  <Trans>Revoke</Trans>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t`Revoke API key`}
        message={t`Revoke “${revokingName}”? Programs using it stop working at once, and its running requests are cut. This cannot be undone.`}
        confirmLabel={t`Revoke key`}
        tone="danger"
        busy={revoke.isPending}
        onConfirm={async () => {
          // A failure closes the dialog too: the banner above the list, which the dialog would cover, says why.
          if (revoking) await revoke.mutateAsync(revoking.id).catch(() => undefined);
        }}
      />
    </>
  );
}
