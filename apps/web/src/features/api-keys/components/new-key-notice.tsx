import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy, KeyRound } from 'lucide-react';
import { useCopyMarker } from '@/components/markdown/use-copy-marker';
import { ShownOnceNotice } from '@/components/shown-once-notice';
import { Button } from '@/components/ui/button';

/** The key just created, shown this once in full with Copy; Done hides it for good. */
export function NewKeyNotice({ name, secret, onDone }: { name: string; secret: string; onDone(): void }) {
  const { t } = useLingui();
  const { copied, copy } = useCopyMarker();

  return (
    <ShownOnceNotice
      id="new-key-title"
      testId="new-key-notice"
      icon={<KeyRound className="size-4" />}
      title={<Trans>Your new key “{name}”</Trans>}
      intro={<Trans>Copy it now and keep it somewhere safe: it will not be shown again.</Trans>}
    >
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-stretch">
        <code
          dir="ltr"
          data-testid="new-key-secret"
          className="min-w-0 flex-1 rounded-xl border border-border bg-bg px-3.5 py-2.5 font-mono text-sm break-all text-fg select-all"
        >
          {secret}
        </code>
        <Button
          variant="primary"
          icon={copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          onClick={() => copy(secret)}
          aria-label={copied ? t`Copied` : t`Copy the key`}
          className="sm:h-auto"
        >
          {copied ? t`Copied` : t`Copy`}
        </Button>
        <span role="status" className="sr-only">
          {copied ? t`The key is copied to your clipboard.` : ''}
        </span>
      </div>
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
      </div>
    </ShownOnceNotice>
  );
}
