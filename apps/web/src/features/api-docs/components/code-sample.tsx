import { useLingui } from '@lingui/react/macro';
import { Check, Copy } from 'lucide-react';
import { useCopyMarker } from '@/components/markdown/use-copy-marker';

/** A command or code to copy: its language on top with Copy (named by `copyLabel`), the code below, left to right. */
export function CodeSample({ code, language, copyLabel }: { code: string; language: string; copyLabel: string }) {
  const { t } = useLingui();
  const { copied, copy } = useCopyMarker();
  return (
    <figure className="overflow-hidden rounded-xl border border-border bg-surface-2/60">
      <figcaption className="flex items-center justify-between border-b border-border px-3 py-1.5 text-xs text-muted">
        <span className="font-mono">{language}</span>
        <button
          type="button"
          onClick={() => copy(code)}
          aria-label={copied ? t`Copied` : copyLabel}
          className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 transition hover:bg-surface-2 hover:text-fg"
        >
          {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
          {copied ? t`Copied` : t`Copy`}
        </button>
      </figcaption>
      <pre
        dir="ltr"
        // A long line scrolls sideways: the block takes focus so a keyboard can scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must be reachable by keyboard
        tabIndex={0}
        className="overflow-x-auto px-4 py-3 font-mono text-[13px] leading-relaxed text-fg focus-visible:outline-2 focus-visible:outline-ring"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
