import type { Token, Tokens } from 'marked';
import type { ReactNode } from 'react';
import { RemoteImageLink } from '@/components/remote-image-link';
import { classifyImageSource } from '@/lib/image-source';
import type { MathToken } from './math-extension';
import { MathFormula } from './math-formula';
import { decodeEntities, safeUrl } from './safe-url';

/** Renders marked's inline tokens as React elements (text is escaped by React; raw HTML shows as text). */
export function renderInline(tokens: Token[] | undefined, fallback = ''): ReactNode {
  if (!tokens) return fallback;
  return tokens.map((token, i) => renderInlineToken(token, i));
}

function renderInlineToken(token: Token, key: number): ReactNode {
  switch (token.type) {
    case 'text': {
      const t = token as Tokens.Text;
      return t.tokens ? <span key={key}>{renderInline(t.tokens)}</span> : t.text;
    }
    case 'escape':
      return decodeEntities((token as Tokens.Escape).text);
    case 'strong':
      return (
        <strong key={key} className="font-semibold text-fg">
          {renderInline((token as Tokens.Strong).tokens)}
        </strong>
      );
    case 'em':
      return <em key={key}>{renderInline((token as Tokens.Em).tokens)}</em>;
    case 'del':
      return <del key={key}>{renderInline((token as Tokens.Del).tokens)}</del>;
    case 'codespan':
      return (
        <code key={key} className="rounded-md bg-surface-2 px-1.5 py-0.5 font-mono text-[0.88em]">
          {decodeEntities((token as Tokens.Codespan).text)}
        </code>
      );
    case 'br':
      return <br key={key} />;
    case 'link': {
      const t = token as Tokens.Link;
      const href = safeUrl(t.href);
      if (!href) return <span key={key}>{renderInline(t.tokens, t.text)}</span>;
      return (
        <a
          key={key}
          href={href}
          title={t.title ?? undefined}
          target="_blank"
          rel="noopener noreferrer"
          className="text-accent-ink underline underline-offset-2 hover:opacity-80"
        >
          {renderInline(t.tokens, t.text)}
        </a>
      );
    }
    case 'image': {
      const t = token as Tokens.Image;
      const source = classifyImageSource(t.href);
      if (source.kind === 'invalid') return t.text;
      if (source.kind === 'remote') return <RemoteImageLink key={key} href={source.href} host={source.host} alt={t.text} />;
      return (
        <img
          key={key}
          src={source.src}
          alt={t.text}
          title={t.title ?? undefined}
          loading="lazy"
          className="my-2 inline-block max-h-96 max-w-full rounded-lg"
        />
      );
    }
    case 'html':
      return (token as Tokens.HTML).text;
    case 'checkbox':
      return null;
    case 'math': {
      const t = token as MathToken;
      return <MathFormula key={key} tex={t.text} display={t.display} />;
    }
    default:
      return 'raw' in token ? String(token.raw) : null;
  }
}
