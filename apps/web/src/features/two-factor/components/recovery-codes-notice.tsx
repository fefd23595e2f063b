import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy, Download, LifeBuoy } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useCopyMarker } from '@/components/markdown/use-copy-marker';
import { Button } from '@/components/ui/button';
import { saveBlob } from '@/lib/save-blob';

/** The recovery codes, shown this once, with Copy and Download; Done hides them for good. */
export function RecoveryCodesNotice({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useLingui();
  const { copied, copy } = useCopyMarker();
  const heading = useRef<HTMLHeadingElement>(null);
  const text = `${codes.join('\n')}\n`;

  // The codes appear after a form is sent: focus moves to them so that a screen reader reads them out at once.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section
      aria-labelledby="recovery-codes-title"
      data-testid="recovery-codes"
      className="rounded-2xl border-2 border-accent/50 bg-accent/10 p-4 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="mt-0.5 rounded-full bg-accent/20 p-2 text-accent-ink">
          <LifeBuoy className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id="recovery-codes-title" ref={heading} tabIndex={-1} className="text-lg text-fg focus:outline-none">
            <Trans>Your recovery codes</Trans>
          </h3>
          <p className="mt-1 text-sm text-fg">
            <Trans>Each code signs you in once if you lose your phone. Keep them somewhere safe: they will not be shown again.</Trans>
          </p>
        </div>
      </div>
      <ol
        dir="ltr"
        className="mt-4 grid grid-cols-2 gap-x-6 gap-y-1 rounded-xl border border-border bg-bg p-3.5 font-mono text-sm text-fg select-all"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button
          variant="secondary"
          icon={copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          onClick={() => copy(text)}
        >
          {copied ? t`Copied` : t`Copy`}
        </Button>
        <Button
          variant="secondary"
          icon={<Download className="size-4" aria-hidden />}
          onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), 'ensemble-recovery-codes.txt')}
        >
          <Trans>Download</Trans>
        </Button>
        <Button variant="primary" onClick={onDone}>
          <Trans>I have saved them</Trans>
        </Button>
        <span role="status" className="sr-only">
          {copied ? t`The recovery codes are copied to your clipboard.` : ''}
        </span>
      </div>
    </section>
  );
}
