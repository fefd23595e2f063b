import { TextDecoder } from 'node:util';
import { compile } from 'html-to-text';
import { type FetchPublicOptions, OutboundRefused, fetchPublic } from './guarded-fetch.js';

export interface ReadPageTextOptions extends FetchPublicOptions {
  /** Characters of text returned at most (default 6000). */
  maxChars?: number;
}

export interface PageText {
  /** The URL that answered, after redirects. */
  url: string;
  /** The page's <title> ('' without one, and for plain text). */
  title: string;
  text: string;
}

export const PAGE_TEXT_MAX_CHARS = 6000;
const TITLE_MAX_CHARS = 300;
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

const NOT_READ = 'head title script style noscript template nav footer svg iframe object embed canvas'.split(' ');
const HEADINGS = 'h1 h2 h3 h4 h5 h6'.split(' ');

// The readable text of a page: no code, menus or footers, no image or link addresses, no wrapping.
const htmlText = compile({
  wordwrap: false,
  // Deeper nesting than any real page is left out instead of running the walk out of stack.
  limits: { maxDepth: 256 },
  selectors: [
    ...NOT_READ.map((selector) => ({ selector, format: 'skip' })),
    { selector: 'img', format: 'skip' },
    { selector: 'a', options: { ignoreHref: true } },
    ...HEADINGS.map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'table', options: { uppercaseHeaderCells: false } },
  ],
});
// For the title alone: its entities decoded.
const plainText = compile({ wordwrap: false });

/** One line per block of text, runs of spaces as one, no blank lines. */
function collapse(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** At most max characters, never half a surrogate pair. */
function bounded(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end).trimEnd();
}

/** The charset the page declares: its Content-Type, else a <meta> in its first 1024 bytes (as browsers look). */
function charsetOf(contentType: string | null, body: Buffer, html: boolean): string {
  const declared = /;\s*charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  const meta = html ? /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(body.subarray(0, 1024).toString('latin1'))?.[1] : undefined;
  return declared ?? meta ?? 'utf-8';
}

/** The text of the first <title>, '' without one (patterns bounded so that no page makes them slow). */
function titleOf(html: string): string {
  const open = /<title\b[^>]{0,200}>/i.exec(html);
  if (!open) return '';
  const start = open.index + open[0].length;
  const end = html.slice(start).search(/<\/title\s*>/i);
  return end < 0 ? '' : plainText(html.slice(start, start + end));
}

// windows-1252's 0x80-0x9f (the labels latin1, iso-8859-1 and ascii mean it too). Node 20's
// TextDecoder reads them as ISO-8859-1, which turns curly quotes and dashes into control characters.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
].map((c) => String.fromCharCode(c));

function decode(body: Buffer, charset: string): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    // A label TextDecoder does not know: UTF-8, as most of the web is.
    decoder = new TextDecoder();
  }
  if (decoder.encoding !== 'windows-1252') return decoder.decode(body);
  return body.toString('latin1').replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] as string);
}

/**
 * Fetches a page through fetchPublic (the same checks and bounds) and returns its readable text:
 * HTML without scripts, styles, navigation, footers, images or link addresses, whitespace collapsed;
 * plain text as it is. Both bounded at maxChars. A non-2xx answer or another content type is an
 * OutboundRefused ('status', 'content_type'), like any refusal of fetchPublic.
 */
export async function readPageText(url: string | URL, options: ReadPageTextOptions = {}): Promise<PageText> {
  const maxChars = options.maxChars ?? PAGE_TEXT_MAX_CHARS;
  const page = await fetchPublic(url, options);
  if (page.status < 200 || page.status > 299) throw new OutboundRefused('status', `answered ${page.status}`, page.url);
  const type = (page.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/plain') {
    return { url: page.url, title: '', text: bounded(decode(page.body, charsetOf(page.contentType, page.body, false)), maxChars) };
  }
  if (!HTML_TYPES.has(type)) throw new OutboundRefused('content_type', `${type || 'no content type'} is not read as text`, page.url);
  const html = decode(page.body, charsetOf(page.contentType, page.body, true));
  try {
    return {
      url: page.url,
      title: bounded(collapse(titleOf(html)).replace(/\n/g, ' '), TITLE_MAX_CHARS),
      text: bounded(collapse(htmlText(html)), maxChars),
    };
  } catch (error) {
    // The converter's own failure on a hostile page: still one kind of error for the caller.
    throw new OutboundRefused('encoding', `the page could not be read: ${(error as Error).message}`, page.url, { cause: error });
  }
}
