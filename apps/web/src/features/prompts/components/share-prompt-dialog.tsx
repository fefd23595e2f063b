import type { SavedPrompt } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Input } from '@/components/ui/input';
import { linkAddress, useCopyLink } from '@/lib/use-copy-link';
import { Switch } from '@/components/ui/switch';
import { useSetPromptShared } from '../api/share-prompt';

/** Shares a prompt by link: a switch turns the link on or off, and the link is there to copy while it is on. */
export function SharePromptDialog({ prompt, onClose }: { prompt: SavedPrompt; onClose(): void }) {
  const { t } = useLingui();
  const switchId = useId();
  const linkId = useId();
  const toggle = useSetPromptShared();
  const [url, setUrl] = useState(prompt.share_url);
  const { copied, copyError, copy: copyLink, clearCopied } = useCopyLink();
  const title = prompt.title;

  const setShared = (shared: boolean) => {
    clearCopied();
    toggle.mutate({ id: prompt.id, shared }, { onSuccess: (answer) => setUrl(answer.prompt.share_url) });
  };
  const copy = () => copyLink(url);

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t`Share “${title}”`}
      description={t`Anyone with the link can read this prompt, use it in a chat and save a copy. Turning sharing off ends the link.`}
      footer={
        <Button variant="secondary" onClick={onClose}>
          <Trans>Done</Trans>
        </Button>
      }
    >
      {toggle.error && <ErrorBanner message={toggle.error.message} className="mb-3" />}
      {copyError && <ErrorBanner message={copyError} className="mb-3" />}
      <div className="mb-4 flex items-center justify-between gap-3">
        <label htmlFor={switchId} className="text-sm font-medium text-fg">
          <Trans>Share by link</Trans>
        </label>
        <Switch
          id={switchId}
          checked={Boolean(url)}
          disabled={toggle.isPending}
          onCheckedChange={setShared}
          data-testid="share-prompt-switch"
        />
      </div>
      {url ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <label htmlFor={linkId} className="sr-only">
            <Trans>Share link</Trans>
          </label>
          <Input id={linkId} readOnly value={linkAddress(url)} onFocus={(e) => e.currentTarget.select()} data-testid="prompt-share-link" />
          <Button
            onClick={() => void copy()}
            icon={copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
            className="shrink-0"
          >
            {copied ? t`Copied` : t`Copy link`}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted">
          <Trans>This prompt is private.</Trans>
        </p>
      )}
      <p role="status" className="sr-only">
        {copied ? t`Link copied` : ''}
      </p>
    </Dialog>
  );
}
