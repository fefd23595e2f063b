import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy, KeyRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useCopyMarker } from '@/components/markdown/use-copy-marker';
import { Button } from '@/components/ui/button';

/** The key just created, shown this once in full with Copy; Done hides it for good. */
export function NewKeyNotice({ name, secret, onDone }: { name: string; secret: string; onDone(): void }) {
  const { t } = useLingui();
  const { copied, copy } = useCopyMarker();
  const heading = useRef<HTMLHeadingElement>(null);

  // The notice appears after the form is sent: focus moves to it so that a screen reader reads it out at once.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section
      aria-labelledby="new-key-title"
      data-testid="new-key-notice"
      className="rounded-2xl border-2 border-accent/50 bg-accent/10 p-4 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="mt-0.5 rounded-full bg-accent/20 p-2 text-accent-ink">
          <KeyRound className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id="new-key-title" ref={heading} tabIndex={-1} className="text-lg text-fg focus:outline-none">
            <Trans>Your new key “{name}”</Trans>
          </h3>
          <p className="mt-1 text-sm text-fg">
            <Trans>Copy it now and keep it somewhere safe: it will not be shown again.</Trans>
          </p>
        </div>
      </div>
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
    </section>
  );
}
