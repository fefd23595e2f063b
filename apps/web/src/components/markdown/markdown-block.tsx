import { Marked, type Token } from 'marked';
import { memo, useMemo } from 'react';
import { MATH_EXTENSIONS } from './math-extension';
import { renderBlocks } from './render-blocks';

// One parser for replies: GitHub markdown plus LaTeX formulas.
const parser = new Marked({ gfm: true, extensions: MATH_EXTENSIONS });

const cache = new Map<string, Token[]>();
const CACHE_MAX = 400;
let lexCount = 0;

/** How many times block text was parsed (finished blocks are parsed once); read by tests and the benchmark. */
export function markdownParseCount(): number {
  return lexCount;
}

// Final blocks are cached so a message scrolled back into view is not parsed again; the growing
// block changes on every chunk and would only fill the cache.
function lex(source: string, final: boolean): Token[] {
  const hit = final ? cache.get(source) : undefined;
  if (hit) return hit;
  lexCount++;
  const tokens = parser.lexer(source);
  if (final) {
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(source, tokens);
  }
  return tokens;
}

/** One top-level markdown block, parsed and rendered only when its text changes. */
export const MarkdownBlock = memo(function MarkdownBlock({ source, final }: { source: string; final: boolean }) {
  const tokens = useMemo(() => lex(source, final), [source, final]);
  return <>{renderBlocks(tokens, final)}</>;
});
