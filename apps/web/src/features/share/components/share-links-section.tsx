import type { ShareLink } from '@ensemble/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2Off } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { SHARE_LINKS_KEY, listShareLinks, revokeShareLink, shareAddress } from '../api/share-api';
import { intlLocale } from '@/i18n/format';

/** Settings' list of the account's share links, each with Revoke (confirmed). */
export function ShareLinksList() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const links = useQuery({ queryKey: SHARE_LINKS_KEY, queryFn: ({ signal }) => listShareLinks(signal) });
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  const revoke = useMutation({
    mutationFn: (token: string) => revokeShareLink(token),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SHARE_LINKS_KEY }),
  });

  if (links.isPending) return <Spinner label={t`Loading your links...`} />;
  if (links.isError) return <ErrorBanner message={links.error.message} />;
  const revokingTitle = revoking?.title ?? '';
  return (
    <>
      {revoke.isError && <ErrorBanner message={revoke.error.message} className="mb-3" />}
      {links.data.length === 0 ? (
        <p className="text-sm text-muted">
          <Trans>You have not shared any conversation. Use Share in a thread's header to make a link.</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-border" aria-label={t`Your share links`}>
          {links.data.map((link) => {
            const title = link.title;
            const count = link.message_count;
            const sharedAt = new Date(link.created_at).toLocaleString(intlLocale());
            const address = shareAddress(link);
            return (
              <li
                key={link.token}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                data-testid="share-link-row"
              >
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-fg">{link.title}</p>
                  <p className="truncate text-xs text-muted">
                    <Trans>
                      <Plural value={count} one="# message" other="# messages" /> · shared {sharedAt} ·{' '}
                      <a href={link.url} className="underline" target="_blank" rel="noreferrer">
                        {address}
                      </a>
                    </Trans>
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  icon={<Link2Off className="size-4" aria-hidden />}
                  aria-label={t`Revoke the link to ${title}`}
                  onClick={() => setRevoking(link)}
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
        title={t`Revoke link`}
        message={t`Revoke the link to "${revokingTitle}"? Anyone who opens it will see that it no longer exists. Copies people already continued stay theirs.`}
        confirmLabel={t`Revoke`}
        tone="danger"
        onConfirm={async () => {
          if (revoking) await revoke.mutateAsync(revoking.token);
        }}
      />
    </>
  );
}
