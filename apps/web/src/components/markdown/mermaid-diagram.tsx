import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Code2, Copy, Workflow } from 'lucide-react';
import { memo, useContext, useEffect, useState } from 'react';
import { type MermaidImage, renderMermaid } from './mermaid-renderer';
import { ReplyStreaming } from './streaming-context';
import { useCopyMarker } from './use-copy-marker';

type State = { status: 'drawing' } | { status: 'drawn'; image: MermaidImage } | { status: 'failed'; reason: string };

const toolButton = 'inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 transition hover:bg-surface-2 hover:text-fg';

/**
 * A Mermaid code block: its source while it streams, then the diagram (Mermaid loads on first
 * use), with a toggle back to the source and a copy button. Source that Mermaid cannot parse
 * stays as code with the reason. Drawing is one long task (layout needs the page), so it waits
 * until the reply has ended: a complete block says so meanwhile.
 */
export const MermaidDiagram = memo(function MermaidDiagram({ code, complete: closed }: { code: string; complete: boolean }) {
  const { t } = useLingui();
  const replyStreaming = useContext(ReplyStreaming);
  const complete = closed && !replyStreaming;
  const [state, setState] = useState<State>({ status: 'drawing' });
  const [showSource, setShowSource] = useState(false);
  const { copied, copy } = useCopyMarker();

  useEffect(() => {
    if (!complete) return;
    let cancelled = false;
    setState({ status: 'drawing' });
    renderMermaid(code).then(
      (image) => !cancelled && setState({ status: 'drawn', image }),
      (error: unknown) => {
        const reason = error instanceof Error ? error.message.split('\n')[0] : '';
        if (!cancelled) setState({ status: 'failed', reason: reason || t`Mermaid could not read it` });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [code, complete, t]);

  const drawn = complete && state.status === 'drawn' ? state.image : null;
  const reason = state.status === 'failed' ? state.reason : '';
  return (
    <div className="my-3 overflow-hidden rounded-xl border border-border bg-surface-2/60 [contain:content]" data-testid="mermaid-block">
      <div className="flex items-center gap-2 border-b border-border px-3 py-1.5 text-xs text-muted">
        <span className="me-auto font-mono">mermaid</span>
        {drawn && (
          <button type="button" onClick={() => setShowSource((s) => !s)} className={toolButton} aria-pressed={showSource}>
            {showSource ? <Workflow className="size-3.5" aria-hidden /> : <Code2 className="size-3.5" aria-hidden />}
            {showSource ? t`Show diagram` : t`Show source`}
          </button>
        )}
        <button type="button" onClick={() => copy(code)} className={toolButton} aria-label={copied ? t`Copied` : t`Copy code`}>
          {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
          {copied ? t`Copied` : t`Copy`}
        </button>
      </div>
      {closed && replyStreaming && (
        <p className="border-b border-border px-4 py-2 text-xs text-muted" data-testid="mermaid-waiting">
          <Trans>The diagram is drawn when the reply ends.</Trans>
        </p>
      )}
      {complete && state.status === 'failed' && (
        <p className="border-b border-border px-4 py-2 text-xs text-danger" role="note">
          <Trans>This diagram could not be drawn: {reason}</Trans>
        </p>
      )}
      {!drawn || showSource ? (
        <pre className="overflow-x-auto px-4 py-3 font-mono text-[0.86em] leading-relaxed">
          <code>{code}</code>
        </pre>
      ) : (
        <div className="flex justify-center overflow-x-auto bg-surface px-4 py-4">
          <img
            src={drawn.src}
            width={drawn.width || undefined}
            height={drawn.height || undefined}
            alt={t`Diagram drawn from the Mermaid source of this reply`}
            className="h-auto max-w-full"
            data-testid="mermaid-diagram"
          />
        </div>
      )}
    </div>
  );
});
