/**
 * Words and snippets for search, shared by both databases. A word is a run of letters and digits
 * (SQLite's unicode61 tokenizer splits the same way); words compare lower-cased without accents.
 */

const WORD = /[\p{L}\p{N}]+/gu;
const MAX_TERMS = 12;
const SNIPPET_CHARS = 180;
const LEAD_CHARS = 50;
/** The last word matches as a prefix from this length on; shorter ones match whole words only. */
export const MIN_PREFIX = 3;

/** Lower case, accents removed: "Café" -> "cafe". */
export function fold(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The query's distinct folded words, in order, at most MAX_TERMS (the last one is matched as a prefix). */
export function queryTerms(q: string): string[] {
  const out: string[] = [];
  for (const m of q.matchAll(WORD)) {
    const t = fold(m[0]);
    if (t && !out.includes(t)) out.push(t);
  }
  // Keep the last word typed: it is the prefix being completed.
  return out.length > MAX_TERMS ? [...out.slice(0, MAX_TERMS - 1), out[out.length - 1] as string] : out;
}

/** Whether the i-th of the query's words matches as a prefix: the last one, when long enough to narrow anything. */
export function isPrefix(terms: string[], i: number): boolean {
  return i === terms.length - 1 && (terms[i] as string).length >= MIN_PREFIX;
}

/** SQLite FTS5 expression: every word, the last as a prefix, in the title or body, among the owner's rows. */
export function ftsExpression(owner: string, terms: string[]): string {
  const words = terms.map((t, i) => `"${t}"${isPrefix(terms, i) ? '*' : ''}`).join(' ');
  return `owner : "${owner}" AND {title body} : (${words})`;
}

/** Whether a folded word of the text matches a query word (exactly, or by prefix for the last one). */
function matches(word: string, terms: string[]): boolean {
  return terms.some((t, i) => word === t || (isPrefix(terms, i) && word.startsWith(t)));
}

/**
 * A message's text as a reader sees it, without markdown's markup: heading, quote and list markers,
 * code fences and backticks, emphasis markers, table pipes and rules, and link and image targets
 * (their text kept). Anything else, HTML-like text included, stays as written.
 */
export function withoutMarkup(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s*(?:`{3,}|~{3,}).*$/, '')
        .replace(/^\s*\|?(?:\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*$/, '')
        .replace(/^\s*(?:[-*_]\s*){3,}$/, '')
        .replace(/^\s{0,3}(?:>\s?)+/, '')
        .replace(/^\s{0,3}#{1,6}\s+/, '')
        .replace(/^\s*(?:[-*+]|\d{1,9}[.)])\s+/, '')
        .replace(/\s*\|\s*/g, ' ')
        .trim(),
    )
    .join('\n')
    .replace(/!?\[([^\]\n]*)\]\([^)\s]*(?:\s+"[^"]*")?\)/g, '$1')
    .replace(/(\*\*|__|\*|`+|~~)(?=\S)([^\n]*?\S)\1/g, '$2');
}

/**
 * A short plain-text extract around the first match, markup removed and whitespace flattened, with
 * the [start, end) offsets of every matched word inside it. Text without a match gives its start, unmarked.
 */
export function buildSnippet(source: string, terms: string[]): { snippet: string; highlights: Array<[number, number]> } {
  const flat = withoutMarkup(source).replace(/\s+/g, ' ').trim();
  const hits: Array<[number, number]> = [];
  for (const m of flat.matchAll(WORD)) {
    if (matches(fold(m[0]), terms)) hits.push([m.index, m.index + m[0].length]);
  }
  let start = 0;
  const first = hits[0];
  if (first && first[0] > LEAD_CHARS && flat.length > SNIPPET_CHARS) {
    start = Math.min(first[0] - LEAD_CHARS, Math.max(0, flat.length - SNIPPET_CHARS));
    const space = flat.indexOf(' ', start);
    if (space !== -1 && space < first[0]) start = space + 1;
  }
  let end = Math.min(flat.length, start + SNIPPET_CHARS);
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > start + SNIPPET_CHARS / 2) end = space;
  }
  // Never cut a surrogate pair in half.
  if (start > 0 && /[\uDC00-\uDFFF]/.test(flat[start] ?? '')) start -= 1;
  if (end < flat.length && /[\uDC00-\uDFFF]/.test(flat[end] ?? '')) end += 1;
  const lead = start > 0 ? '… ' : '';
  const body = flat.slice(start, end).trim();
  const trimmed = flat.slice(start, end).length - flat.slice(start, end).trimStart().length;
  const shift = lead.length - start - trimmed;
  const snippet = `${lead}${body}${end < flat.length ? ' …' : ''}`;
  const highlights = hits
    .filter(([s, e]) => s >= start + trimmed && e <= start + trimmed + body.length)
    .map(([s, e]): [number, number] => [s + shift, e + shift]);
  return { snippet, highlights };
}
