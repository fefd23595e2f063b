import type { Token, Tokens } from 'marked';
import { createElement, type ReactNode } from 'react';
import { CodeBlock } from './code-block';
import type { MathToken } from './math-extension';
import { MathFormula } from './math-formula';
import { renderInline } from './render-inline';

const HEADING_CLASSES = [
  'mt-5 mb-3 text-[1.5em] leading-tight',
  'mt-5 mb-2.5 text-[1.3em] leading-snug',
  'mt-4 mb-2 text-[1.15em] leading-snug',
  'mt-4 mb-2 text-[1.05em] font-semibold',
  'mt-3 mb-1.5 font-semibold',
  'mt-3 mb-1.5 font-semibold text-muted',
];

/** Renders marked's block tokens; `final` tells code blocks they may highlight (they will not grow). */
export function renderBlocks(tokens: Token[], final: boolean): ReactNode {
  return tokens.map((token, i) => renderBlock(token, i, final));
}

function renderListItem(item: Tokens.ListItem, key: number, final: boolean): ReactNode {
  return (
    <li key={key} className={item.task ? 'list-none' : undefined}>
      {item.task && <input type="checkbox" checked={Boolean(item.checked)} disabled readOnly className="me-2 -ms-5 align-middle" />}
      {renderBlocks(
        item.tokens.filter((t) => t.type !== 'checkbox'),
        final,
      )}
    </li>
  );
}

function renderBlock(token: Token, key: number, final: boolean): ReactNode {
  switch (token.type) {
    case 'space':
    case 'def':
      return null;
    case 'heading': {
      const t = token as Tokens.Heading;
      const depth = Math.min(6, Math.max(1, t.depth));
      return createElement(`h${depth}`, { key, className: HEADING_CLASSES[depth - 1] }, renderInline(t.tokens, t.text));
    }
    case 'paragraph':
      return (
        <p key={key} className="my-3 first:mt-0 last:mb-0">
          {renderInline((token as Tokens.Paragraph).tokens)}
        </p>
      );
    case 'text': {
      // Block-level text: the body of a tight list item.
      const t = token as Tokens.Text;
      return <span key={key}>{renderInline(t.tokens, t.text)}</span>;
    }
    case 'code': {
      const t = token as Tokens.Code;
      // A fence that has closed will not grow, even while the reply still streams after it.
      const closed = final || /\n {0,3}(`{3,}|~{3,})[ \t]*\n*$/.test(t.raw);
      return <CodeBlock key={key} code={t.text} language={t.lang?.split(/\s/)[0] ?? ''} final={final} complete={closed} />;
    }
    case 'math': {
      const t = token as MathToken;
      return <MathFormula key={key} tex={t.text} display={t.display} />;
    }
    case 'blockquote':
      return (
        <blockquote key={key} className="my-3 border-s-4 border-accent/50 bg-surface-2/40 py-1 pe-3 ps-4 text-muted">
          {renderBlocks((token as Tokens.Blockquote).tokens, final)}
        </blockquote>
      );
    case 'list': {
      const t = token as Tokens.List;
      const items = t.items.map((item, i) => renderListItem(item, i, final));
      return t.ordered ? (
        <ol
          key={key}
          start={typeof t.start === 'number' && t.start !== 1 ? t.start : undefined}
          className="my-3 list-decimal space-y-1 ps-6"
        >
          {items}
        </ol>
      ) : (
        <ul key={key} className="my-3 list-disc space-y-1 ps-6">
          {items}
        </ul>
      );
    }
    case 'table': {
      const t = token as Tokens.Table;
      const align = (a: Tokens.TableCell['align']) => (a ? { textAlign: a } : undefined);
      return (
        <div key={key} className="my-3 overflow-x-auto rounded-lg border border-border">
          <table className="w-full border-collapse text-[0.92em]">
            <thead className="bg-surface-2">
              <tr>
                {t.header.map((cell, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: table cells have no identity but their position
                  <th key={i} style={align(cell.align)} className="border-b border-border px-3 py-2 text-start font-semibold">
                    {renderInline(cell.tokens, cell.text)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {t.rows.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: table cells have no identity but their position
                <tr key={r} className="border-b border-border last:border-0">
                  {row.map((cell, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: table cells have no identity but their position
                    <td key={i} style={align(cell.align)} className="px-3 py-2 align-top">
                      {renderInline(cell.tokens, cell.text)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    case 'hr':
      return <hr key={key} className="my-5 border-border" />;
    case 'html':
      // Raw HTML in a reply is shown as the text it is, never interpreted.
      return (
        <p key={key} className="my-3 whitespace-pre-wrap">
          {(token as Tokens.HTML).text}
        </p>
      );
    default:
      return 'raw' in token ? (
        <p key={key} className="my-3 whitespace-pre-wrap">
          {String(token.raw)}
        </p>
      ) : null;
  }
}
