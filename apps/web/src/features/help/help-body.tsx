import { Fragment, type ReactNode } from 'react';

/** A help article's body (packages/shared/src/help/articles.ts): paragraphs, `## ` headings and `- ` lists. */
export function HelpBody({ body }: { body: string }) {
  const blocks: ReactNode[] = [];
  body.split(/\n{2,}/).forEach((block) => {
    const lines = block.split('\n').filter((line) => line.trim());
    const heading = lines[0]?.startsWith('## ') ? lines.shift()?.slice(3) : undefined;
    if (heading)
      blocks.push(
        <h2 key={`h:${heading}`} className="mt-8 text-xl text-fg">
          {heading}
        </h2>,
      );
    if (lines.length === 0) return;
    if (lines.every((line) => line.startsWith('- '))) {
      blocks.push(
        <ul key={`l:${block}`} className="ms-5 list-disc space-y-1.5">
          {lines.map((line) => (
            <li key={line}>{line.slice(2)}</li>
          ))}
        </ul>,
      );
      return;
    }
    blocks.push(
      <p key={`p:${block}`}>
        {lines.map((line, j) => (
          <Fragment key={line}>
            {j > 0 && ' '}
            {line}
          </Fragment>
        ))}
      </p>,
    );
  });
  return <div className="space-y-4 leading-relaxed text-fg">{blocks}</div>;
}
