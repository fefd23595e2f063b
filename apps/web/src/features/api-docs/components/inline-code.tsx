import { Fragment } from 'react';

/** A line of the document's text with its `code spans` set in monospace (summaries are one line of Markdown). */
export function InlineCode({ text }: { text: string }) {
  const parts = text.split(/(`[^`]+`)/);
  return (
    <>
      {parts.map((part, i) =>
        part.length > 2 && part.startsWith('`') && part.endsWith('`') ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text never move
          <code key={i} className="rounded bg-surface-2 px-1 py-px font-mono text-[0.9em] text-fg">
            {part.slice(1, -1)}
          </code>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
