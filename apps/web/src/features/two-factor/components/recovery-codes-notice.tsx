import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy, Download, LifeBuoy } from 'lucide-react';
import { useCopyMarker } from '@/components/markdown/use-copy-marker';
import { ShownOnceNotice } from '@/components/shown-once-notice';
import { Button } from '@/components/ui/button';
import { saveBlob } from '@/lib/save-blob';

/** The recovery codes, shown this once, with Copy and Download; Done hides them for good. */
export function RecoveryCodesNotice({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useLingui();
  const { copied, copy } = useCopyMarker();
  const text = `${codes.join('\n')}\n`;

  return (
    <ShownOnceNotice
      id="recovery-codes-title"
      testId="recovery-codes"
      icon={<LifeBuoy className="size-4" />}
      title={<Trans>Your recovery codes</Trans>}
      intro={<Trans>Each code signs you in once if you lose your phone. Keep them somewhere safe: they will not be shown again.</Trans>}
    >
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
    </ShownOnceNotice>
  );
}
