import type { Assistant } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy, Link2Off } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Input } from '@/components/ui/input';
import { linkAddress, useCopyLink } from '@/lib/use-copy-link';
import { Spinner } from '@/components/ui/spinner';
import { useShareAssistant } from '../api/share-assistant';
import { useUnshareAssistant } from '../api/unshare-assistant';

/**
 * Shares an assistant: makes its link (or shows the one it has), offers to copy it, and to stop sharing. Anyone signed
 * in who opens the link sees a read-only copy they can add to their own list.
 */
export function ShareAssistantDialog({ assistant, onClose }: { assistant: Assistant; onClose(): void }) {
  const { t } = useLingui();
  const share = useShareAssistant();
  const unshare = useUnshareAssistant();
  const [url, setUrl] = useState<string | null>(assistant.share_url);
  const { copied, copyError, copy: copyLink } = useCopyLink();
  // One request per opening, even when a development StrictMode runs the effect twice.
  const asked = useRef(false);
  const { mutate } = share;
  useEffect(() => {
    if (url || asked.current) return;
    asked.current = true;
    mutate(assistant.id, { onSuccess: (made) => setUrl(made.url) });
  }, [url, assistant.id, mutate]);

  const copy = () => copyLink(url);
  const stop = async () => {
    try {
      await unshare.mutateAsync(assistant.id);
      onClose();
    } catch {
      // The banner says why.
    }
  };
  const name = assistant.name;
  const failure = share.error ?? unshare.error;

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t`Share “${name}”`}
      description={t`Anyone signed in who opens the link sees a read-only copy and can add it to their own assistants. Your own tool servers are never shared.`}
      footer={
        <>
          {url && (
            <Button
              variant="outline"
              onClick={() => void stop()}
              loading={unshare.isPending}
              icon={<Link2Off className="size-4" aria-hidden />}
              data-testid="stop-sharing"
            >
              <Trans>Stop sharing</Trans>
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            <Trans>Done</Trans>
          </Button>
        </>
      }
    >
      {failure && <ErrorBanner message={failure.message} className="mb-3" />}
      {copyError && <ErrorBanner message={copyError} className="mb-3" />}
      {!url && !failure && <Spinner label={t`Making the link...`} />}
      {url && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <label htmlFor="assistant-share-link" className="sr-only">
            <Trans>Share link</Trans>
          </label>
          <Input
            id="assistant-share-link"
            readOnly
            value={linkAddress(url)}
            onFocus={(e) => e.currentTarget.select()}
            data-testid="assistant-share-link"
          />
          <Button
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
