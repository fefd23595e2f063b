import { useLingui } from '@lingui/react/macro';
import { Check, Copy } from 'lucide-react';
import { lazy, memo, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useCopyMarker } from './use-copy-marker';
import { LINES_PER_GROUP, useHighlight } from './use-highlight';

// Mermaid's own drawing code is a large chunk of its own; the component that loads it is small.
const MermaidDiagram = lazy(() => import('./mermaid-diagram').then((m) => ({ default: m.MermaidDiagram })));

/**
 * A fenced code block: language label, its own copy button, highlighted once it is final.
 * A `mermaid` block becomes a diagram once its closing fence has arrived (`complete`).
 */
export const CodeBlock = memo(function CodeBlock({
  code,
  language,
  final,
  complete = final,
}: {
  code: string;
  language: string;
  final: boolean;
  complete?: boolean;
}) {
  if (language.toLowerCase() === 'mermaid') {
    return (
      <Suspense fallback={<PlainCode code={code} language={language} final={false} />}>
        <MermaidDiagram code={code} complete={complete} />
      </Suspense>
    );
  }
  return <PlainCode code={code} language={language} final={final} />;
});

function PlainCode({ code, language, final }: { code: string; language: string; final: boolean }) {
  const { t } = useLingui();
  const highlighted = useHighlight(code, language, final);
  const { copied, copy } = useCopyMarker();
  return (
    <div className="group/code my-3 overflow-hidden rounded-xl border border-border bg-surface-2/60" data-testid="code-block">
      <div className="flex items-center justify-between border-b border-border px-3 py-1.5 text-xs text-muted">
        <span className="font-mono">{language || t`code`}</span>
        <button
          type="button"
          onClick={() => copy(code)}
          className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 transition hover:bg-surface-2 hover:text-fg"
          aria-label={copied ? t`Copied` : t`Copy code`}
        >
          {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
          {copied ? t`Copied` : t`Copy`}
        </button>
      </div>
      <pre
        // Code reads left to right whatever the page's direction.
        dir="ltr"
        // A wide line scrolls sideways: the block takes focus so a keyboard can scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must be reachable by keyboard
        tabIndex={0}
        className="hljs overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring px-4 py-3 font-mono text-[0.86em] leading-relaxed"
      >
        <code>{highlighted ? <HighlightedCode code={code} groups={highlighted} /> : <GrowingCode code={code} />}</code>
      </pre>
    </div>
  );
}

/** A run of lines: its own block, so the browser lays it out once, not on every token. */
const LineGroup = memo(function LineGroup({ content }: { content: ReactNode }) {
  return <span className="block">{content}</span>;
});

function lineGroups(code: string): string[] {
  const lines = code.split('\n');
  const groups: string[] = [];
  for (let i = 0; i < lines.length; i += LINES_PER_GROUP) groups.push(lines.slice(i, i + LINES_PER_GROUP).join('\n'));
  return groups;
}

/**
 * Code still arriving (or not highlighted yet), cut into blocks of 40 lines: as it grows only the
 * last block changes, so a 400-line block costs one small layout per token instead of a whole one.
 */
function GrowingCode({ code }: { code: string }) {
  const groups = lineGroups(code);
  if (groups.length === 1) return <>{code}</>;
  return (
    <>
      {groups.map((text, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: groups only grow at the end, so a group's index is its identity
        <LineGroup key={i} content={text} />
      ))}
    </>
  );
}

/**
 * Highlighted code in the same blocks of 40 lines, coloured one block per frame: a 400-line block
 * becomes thousands of elements, too many to create in one go while a reply streams.
 */
function HighlightedCode({ code, groups }: { code: string; groups: ReactNode[][] }) {
  const [coloured, setColoured] = useState(1);
  useEffect(() => {
    if (coloured >= groups.length) return;
    const frame = requestAnimationFrame(() => setColoured((n) => n + 1));
    return () => cancelAnimationFrame(frame);
  }, [coloured, groups.length]);
  if (groups.length === 1) return <>{groups[0]}</>;
  const plain = coloured < groups.length ? lineGroups(code) : [];
  return (
    <>
      {groups.map((nodes, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a finished code block never move
        <LineGroup key={i} content={i < coloured ? nodes : plain[i]} />
      ))}
    </>
  );
}
