import type { TokenizerAndRendererExtension, Tokens } from 'marked';

/** A formula token: TeX source, shown as a block (display) or within the line. */
export interface MathToken extends Tokens.Generic {
  type: 'math';
  raw: string;
  text: string;
  display: boolean;
}

// `$$…$$` or `\[…\]` on lines of their own.
const BLOCK = /^ {0,3}(\$\$|\\\[)[ \t]*\n?([\s\S]+?)\n?[ \t]*(\$\$|\\\])[ \t]*(?:\n+|$)/;
const CLOSER: Record<string, string> = { $$: '$$', '\\[': '\\]' };

// Inline forms. A single `$` needs a non-space after the opening and before the closing one and
// no digit after it, so prices ("$5 and $10") stay text, as in Pandoc.
const INLINE: { re: RegExp; display: boolean }[] = [
  { re: /^\$\$(?!\$)([\s\S]+?)\$\$/, display: true },
  { re: /^\\\[([\s\S]+?)\\\]/, display: true },
  { re: /^\\\(([\s\S]+?)\\\)/, display: false },
  { re: /^\$(?![\s$])((?:\\[\s\S]|[^\\$\n`])+?)(?<![\s\\])\$(?!\d)/, display: false },
];

const blockMath: TokenizerAndRendererExtension = {
  name: 'mathBlock',
  level: 'block',
  tokenizer(src) {
    const m = BLOCK.exec(src);
    if (!m?.[1] || !m[2]?.trim() || CLOSER[m[1]] !== m[3]) return undefined;
    return { type: 'math', raw: m[0], text: m[2].trim(), display: true } satisfies MathToken;
  },
};

const inlineMath: TokenizerAndRendererExtension = {
  name: 'math',
  level: 'inline',
  start(src) {
    // A `$` right after a backslash is an escaped dollar, which marked's own escape rule takes.
    const i = src.search(/(?<!\\)\$|\\[([]/);
    return i < 0 ? undefined : i;
  },
  tokenizer(src) {
    for (const { re, display } of INLINE) {
      const m = re.exec(src);
      if (m?.[1]?.trim()) return { type: 'math', raw: m[0], text: m[1].trim(), display } satisfies MathToken;
    }
    return undefined;
  },
};

/** The marked extensions for LaTeX: `$…$`, `\(…\)` within text, `$$…$$`, `\[…\]` as display formulas. */
export const MATH_EXTENSIONS: TokenizerAndRendererExtension[] = [blockMath, inlineMath];
