import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ShareLink } from '@ensemble/shared';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { SHARE_LINKS_KEY, createShareLink, shareAddress } from '../api/share-api';

/** Makes a link to a snapshot of the thread as shown now, and offers to copy it. */
export function ShareDialog({ threadId, onClose }: { threadId: number; onClose(): void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [link, setLink] = useState<ShareLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  // One link per opening, even when a development StrictMode runs the effect twice.
  const making = useRef<Promise<ShareLink> | null>(null);

  useEffect(() => {
    let live = true;
    making.current ??= createShareLink(threadId);
    making.current.then(
      (made) => {
        if (!live) return;
        setLink(made);
        void queryClient.invalidateQueries({ queryKey: SHARE_LINKS_KEY });
      },
      (err: unknown) => live && setError(err instanceof ApiError ? err.message : t`The link could not be made. Please try again.`),
    );
    return () => {
      live = false;
    };
  }, [threadId, queryClient, t]);

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(shareAddress(link));
      setCopied(true);
    } catch {
      setError(t`Copying failed; select the link and copy it yourself.`);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t`Share this conversation`}
      description={t`Anyone with the link can read this conversation as it is now, without signing in. Messages you add later are not shared. You can revoke the link in Settings.`}
      footer={
        <Button variant="secondary" onClick={onClose}>
          <Trans>Done</Trans>
        </Button>
      }
    >
      {error && <ErrorBanner message={error} className="mb-3" />}
      {!link && !error && <Spinner label={t`Making the link...`} />}
      {link && (
        <div className="flex items-center gap-2">
          <label htmlFor="share-link" className="sr-only">
            <Trans>Share link</Trans>
          </label>
          <Input id="share-link" readOnly value={shareAddress(link)} onFocus={(e) => e.currentTarget.select()} data-testid="share-link" />
          <Button
            variant="primary"
            onClick={() => void copy()}
            icon={copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          >
            {copied ? t`Copied` : t`Copy link`}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
