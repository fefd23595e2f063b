/**
 * Citations from the providers' own web search, whatever form each reports them in, turned into what a reply
 * saves: its text with [n] markers and the sources those numbers stand for (`metadata.sources`, in order). Pure: no
 * network, no database. Every function here takes provider input as it comes and never throws on it.
 */

/** A source supporting a span of the reply: `start`/`end` are UTF-16 offsets (JavaScript string indices), end exclusive. */
export interface Citation {
  url: string;
  title?: string;
  start: number;
  end: number;
}

/** One of a reply's sources, numbered by its place in the list (from 1). */
export interface WebSourceRef {
  url: string;
  title: string;
}

export interface CitedText {
  text: string;
  sources: WebSourceRef[];
}

export interface PlaceOptions {
  /**
   * The span is a citation the model wrote itself (OpenAI's ` ([site](url))`): it is replaced by the marker. The
   * spaces or tabs just before it go too, so the marker hugs the text it supports ("claim[1].") as it does when
   * inserted. An empty span is an insertion point either way.
   */
  replaceSpan?: boolean;
}

const TITLE_MAX = 200;
/** How far a code span, link text or link destination is looked for: bounds the work on a malformed long paragraph. */
const SCAN_MAX = 2000;
/** How much text on either side of a marker is segmented into words. */
const WORD_WINDOW = 100;

/**
 * Writes a [n] marker after each cited span and lists the sources in marker order. Numbers follow reading order
 * (where the marker lands, which follows the span's end, then end, then start); a URL keeps its first number, URLs
 * being compared without their #fragment and utm_* parameters. Markers at one place are grouped ascending, without
 * repeats ("[1][3]"). A marker never splits a word, a Markdown link, a bare URL, an inline code span or a fenced
 * block: it moves to the end of it. Only http(s) URLs become sources; other citations are dropped, their spans left
 * as they are. Offsets out of range are clamped; a citation ending before it starts is ignored.
 */
export function placeCitations(text: string, citations: Citation[], options?: PlaceOptions): CitedText {
  const replace = options?.replaceSpan === true;
  return placeSpans(text, Array.isArray(citations) ? citations.map((c) => ({ citation: c, replace })) : []);
}

// ---------------------------------------------------------------------------------------------------------------
// Providers

/** An OpenAI Responses API `output_text` content part. */
export interface OpenAIOutputTextPart {
  text: string;
  annotations?: unknown[];
}

/**
 * OpenAI Responses API (checked 2026-11-28): a `message` output item's `output_text` part carries `annotations`, a
 * web citation being `{ type: 'url_citation', start_index, end_index, url, title }` (`ResponseOutputText.URLCitation`
 * in openai/openai-node src/resources/responses/responses.ts @7b7d6ca, 2026-08-21; the web search guide,
 * developers.openai.com/api/docs/guides/tools-web-search). The span is the citation the model wrote inline: in the
 * response recorded in vercel/ai packages/openai/src/responses/__fixtures__/openai-web-search-tool.1.json it is
 * exactly `([axios.com](https://…?utm_source=chatgpt.com))`, end exclusive, counted in characters (a "°" before it
 * does not shift it, so not UTF-8 bytes). So the span is replaced by the marker; a span that does not read as an
 * inline Markdown link (at UTF-16 or code point offsets) is kept, the marker going after it. Several parts are
 * joined as they come, which is how their text reaches the reader.
 */
export function fromOpenAIOutputText(part: OpenAIOutputTextPart | readonly OpenAIOutputTextPart[]): CitedText {
  return guarded(
    () => {
      const { text, annotated } = joinParts(Array.isArray(part) ? part : [part]);
      const spans: Span[] = [];
      for (const { offset, partText, annotations } of annotated) {
        const offsets = new Offsets(partText);
        for (const raw of annotations) {
          const a = asRecord(raw);
          // Chat Completions nests the same fields under `url_citation`.
          const fields = asRecord(a?.url_citation) ?? a;
          if (a?.type !== 'url_citation' || !fields) continue;
          const start = toInt(fields.start_index);
          const end = toInt(fields.end_index);
          if (start === null || end === null || end < start) continue;
          const inline = findSpan(partText, offsets, start, end, isOpenAIInlineCitation);
          const [s, e] = inline ?? [clamp(start, partText.length), clamp(end, partText.length)];
          spans.push({ citation: { url: fields.url, title: fields.title, start: offset + s, end: offset + e }, replace: inline !== null });
        }
      }
      return placeSpans(text, spans);
    },
    () => joinParts(Array.isArray(part) ? part : [part]).text,
  );
}

/**
 * Anthropic Messages API (checked 2026-11-28): the content is a list of blocks; `server_tool_use` (the search) and
 * `web_search_tool_result` (`content: [{ type: 'web_search_result', url, title, encrypted_content, page_age }]`)
 * blocks sit between `text` blocks, and a text block Claude bases on a result carries `citations: [{ type:
 * 'web_search_result_location', url, title, cited_text, encrypted_index }]` (`TextBlock`,
 * `CitationsWebSearchResultLocation`, `WebSearchToolResultBlock` in anthropics/anthropic-sdk-typescript
 * src/resources/messages/messages.ts @bfa9197, 2026-08-19; platform.claude.com/docs/en/agents-and-tools/tool-use/
 * web-search-tool). There are no offsets: a citation covers its whole block. The text blocks are joined in order;
 * where a tool block separated two of them and nothing spaces them apart, a paragraph break is put in, as the
 * words before a search ("I'll search for …") and those after it would otherwise run together. A citation's null
 * title is taken from the search result with the same URL.
 */
export function fromAnthropicBlocks(blocks: unknown[]): CitedText {
  return guarded(
    () => {
      const list = Array.isArray(blocks) ? blocks : [];
      const resultTitles = new Map<string, string>();
      for (const raw of list) {
        const block = asRecord(raw);
        if (block?.type !== 'web_search_tool_result' || !Array.isArray(block.content)) continue;
        for (const r of block.content) {
          const result = asRecord(r);
          const url = httpUrl(result?.url);
          const title = cleanTitle(result?.title);
          if (url && title && !resultTitles.has(sourceKey(url))) resultTitles.set(sourceKey(url), title);
        }
      }
      let text = '';
      let toolBetween = false;
      const spans: Span[] = [];
      for (const raw of list) {
        const block = asRecord(raw);
        if (block?.type !== 'text' || typeof block.text !== 'string') {
          if (block && block.type !== 'text') toolBetween = true;
          continue;
        }
        if (toolBetween && text && block.text && !/\s$/.test(text) && !/^\s/.test(block.text)) text += '\n\n';
        toolBetween = false;
        const start = text.length;
        text += block.text;
        for (const c of Array.isArray(block.citations) ? block.citations : []) {
          const citation = asRecord(c);
          if (citation?.type !== 'web_search_result_location') continue;
          const url = httpUrl(citation.url);
          const title = cleanTitle(citation.title) ?? (url ? resultTitles.get(sourceKey(url)) : undefined);
          spans.push({ citation: { url: citation.url, title, start, end: text.length }, replace: false });
        }
      }
      return placeSpans(text, spans);
    },
    () =>
      (Array.isArray(blocks) ? blocks : [])
        .map((b) => {
          const t = asRecord(b)?.text;
          return typeof t === 'string' ? t : '';
        })
        .join(''),
  );
}

/**
 * Gemini API `generateContent` with the google_search tool (checked 2026-11-28): the candidate's
 * `groundingMetadata` has `groundingChunks: [{ web: { uri, title } }]` and `groundingSupports: [{ segment: {
 * startIndex, endIndex, text }, groundingChunkIndices }]`. The segment offsets are in BYTES of the UTF-8 text, in
 * the Part given by `partIndex` (`Segment` in googleapis/js-genai src/types.ts @6e9b35c, 2026-08-21: "measured in
 * bytes"; gemini-cli's web-search.ts decodes them with TextEncoder, google-gemini/gemini-cli#29039). They are
 * converted to string indices here. A zero startIndex may be left out (proto3 JSON), so a missing one is 0; where
 * the bytes do not point at the segment's own `text` (an offset counted in another part, say), the text's nearest
 * occurrence is used instead. The `uri` is usually a vertexaisearch.cloud.google.com/grounding-api-redirect/…
 * link and the `title` the site's domain: both are kept as Google gives them.
 */
export function fromGoogleGrounding(text: string, metadata: unknown): CitedText {
  return guarded(
    () => {
      const body = typeof text === 'string' ? text : '';
      const meta = asRecord(metadata);
      const chunks = Array.isArray(meta?.groundingChunks) ? meta.groundingChunks : [];
      const supports = Array.isArray(meta?.groundingSupports) ? meta.groundingSupports : [];
      const offsets = new Offsets(body);
      const spans: Span[] = [];
      for (const raw of supports) {
        const support = asRecord(raw);
        const segment = asRecord(support?.segment);
        if (!support || !segment || !Array.isArray(support.groundingChunkIndices)) continue;
        const span = googleSpan(body, offsets, segment);
        if (!span) continue;
        for (const i of support.groundingChunkIndices) {
          const index = toInt(i);
          const web = index === null || index < 0 ? null : asRecord(asRecord(chunks[index])?.web);
          if (!web) continue;
          spans.push({ citation: { url: web.uri, title: web.title, start: span[0], end: span[1] }, replace: false });
        }
      }
      return placeSpans(body, spans);
    },
    () => (typeof text === 'string' ? text : ''),
  );
}

/**
 * xAI Responses API (docs.x.ai/developers/tools/citations, checked 2026-11-28): the same `output_text` parts and
 * `url_citation` annotations as OpenAI's, but not the same meaning, so not OpenAI's converter: the model writes each
 * citation as a Markdown link `[[N]](url)` (on by default; `include: ["no_inline_citations"]` turns it off, and
 * then annotations carry no positions), the annotation's `start_index`/`end_index` are "character" offsets of that
 * link "following Python slice convention" (so code points; InlineCitation in xai-org/xai-proto
 * proto/xai/api/v1/chat.proto @9700be4 says the same), and its `title` is the label "N", not the page's. So the link
 * is replaced by our marker, at UTF-16 or code point offsets, whichever points at it, else at the nearest
 * `[[N]](url)` in the text; an annotation matching no link (an image embed, a list-only annotation) is skipped. The
 * response's top-level `citations` (every URL the search met, cited or not, without positions) is not used. Takes
 * the response body, one `output_text` part or a list of them.
 */
export function fromXaiResponse(response: unknown): CitedText {
  const parts = () => xaiParts(response);
  return guarded(
    () => {
      const { text, annotated } = joinParts(parts());
      const spans: Span[] = [];
      for (const { offset, partText, annotations } of annotated) {
        const offsets = new Offsets(partText);
        const links = annotations
          .map((raw) => asRecord(raw))
          .filter((a): a is Record<string, unknown> & { url: string } => a?.type === 'url_citation' && typeof a.url === 'string')
          .map((a) => {
            const start = toInt(a.start_index);
            const end = toInt(a.end_index);
            const found =
              start !== null && end !== null && end >= start ? findSpan(partText, offsets, start, end, isXaiInlineCitation) : null;
            return { a, label: typeof a.title === 'string' ? a.title : '', near: clamp(start ?? 0, partText.length), found };
          });
        // Offsets that miss their link: the nearest link to the same URL that no other annotation points at.
        const claimed = new Set(links.flatMap((l) => (l.found ? [l.found[0]] : [])));
        for (const link of links) {
          if (link.found) continue;
          link.found = nearestXaiLink(partText, link.a.url, link.label, link.near, claimed);
          if (link.found) claimed.add(link.found[0]);
        }
        for (const { a, label, found } of links) {
          if (!found) continue;
          // The label is the citation's number; a real title is kept should one come.
          const title = /^\s*\d*\s*$/.test(label) ? undefined : label;
          spans.push({ citation: { url: a.url, title, start: offset + found[0], end: offset + found[1] }, replace: true });
        }
      }
      return placeSpans(text, spans);
    },
    () => joinParts(parts()).text,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Placing markers

interface Span {
  citation: unknown;
  replace: boolean;
}

interface Member {
  key: string;
  url: string;
  title: string | undefined;
  host: string;
  start: number;
  end: number;
}

/** What the text gets at one place: [from, to) replaced (or nothing, when from === to) by the members' markers. */
interface Edit {
  from: number;
  to: number;
  members: Member[];
}

function placeSpans(rawText: unknown, spans: readonly Span[]): CitedText {
  const text = typeof rawText === 'string' ? rawText : '';
  return guarded(
    () => place(text, spans),
    () => text,
  );
}

/** A citation's source and span (clamped, off the middle of a surrogate pair), or null if it cannot be one. */
function readMember(text: string, citation: unknown): Member | null {
  try {
    const c = asRecord(citation);
    const url = httpUrl(c?.url);
    const from = toInt(c?.start);
    const to = toInt(c?.end);
    if (!c || !url || from === null || to === null || to < from) return null;
    return {
      key: sourceKey(url),
      url: String(c.url).trim(),
      title: cleanTitle(c.title),
      host: url.hostname,
      start: codePointBoundary(text, clamp(from, text.length)),
      end: codePointBoundary(text, clamp(to, text.length)),
    };
  } catch {
    // One hostile citation (a throwing getter, say) drops only itself.
    return null;
  }
}

function place(text: string, spans: readonly Span[]): CitedText {
  const layout = new Layout(text);
  const edits: Edit[] = [];
  for (const { citation, replace } of spans) {
    const member = readMember(text, citation);
    if (!member) continue;
    const { start, end } = member;
    if (replace && end > start) {
      let from = start;
      while (from > 0 && (text[from - 1] === ' ' || text[from - 1] === '\t')) from--;
      edits.push({ from, to: end, members: [member] });
    } else {
      const at = layout.markerAt(start, end);
      edits.push({ from: at, to: at, members: [member] });
    }
  }

  // Edits that overlap, meet or share a place make one group of markers.
  edits.sort((a, b) => a.from - b.from || a.to - b.to);
  const groups: Edit[] = [];
  for (const edit of edits) {
    const last = groups.at(-1);
    if (last && (edit.from < last.to || edit.from === last.from || (edit.from === last.to && last.to > last.from))) {
      last.to = Math.max(last.to, edit.to);
      last.members.push(...edit.members);
    } else {
      groups.push({ ...edit, members: [...edit.members] });
    }
  }

  const numbers = new Map<string, number>();
  const found: { url: string; title: string | undefined; host: string }[] = [];
  for (const group of groups) {
    group.members.sort((a, b) => a.end - b.end || a.start - b.start);
    for (const m of group.members) {
      const n = numbers.get(m.key);
      if (n === undefined) {
        numbers.set(m.key, found.length + 1);
        found.push({ url: m.url, title: m.title, host: m.host });
      } else if (!found[n - 1].title && m.title) {
        found[n - 1].title = m.title;
      }
    }
  }

  let out = '';
  let cursor = 0;
  for (const group of groups) {
    const marks = [...new Set(group.members.map((m) => numbers.get(m.key)!))].sort((a, b) => a - b);
    // "[1](" would read as a link: a space keeps them apart.
    const trail = layout.trail(group.from) || (text[group.to] === '(' ? ' ' : '');
    out += text.slice(cursor, group.from) + layout.lead(group.from) + marks.map((n) => `[${n}]`).join('') + trail;
    cursor = group.to;
  }
  out += text.slice(cursor);
  return { text: out, sources: found.map((s) => ({ url: s.url, title: s.title ?? s.host })) };
}

interface Range {
  start: number;
  end: number;
  kind: 'fence' | 'open-fence' | 'code' | 'link' | 'url';
  /** A closed fence's indentation (a fence in a list item is indented like the item's text). */
  indent?: string;
}

// Any indentation: models indent fences inside list items by four spaces or more.
const FENCE_OPEN = /^([ \t]*)(`{3,}|~{3,})/;
const FENCE_CLOSE = /^([ \t]*)(`{3,}|~{3,})[ \t\r]*$/;
const BARE_URL = /(?:https?:\/\/|www\.)[^\s<]+/y;
const AUTOLINK = /<(?:https?|mailto):[^\s<>]*>/y;

/** Where a marker may go in a text: outside words and the Markdown constructs it would break. */
class Layout {
  private readonly ranges: Range[];

  constructor(private readonly text: string) {
    this.ranges = markdownRanges(text);
  }

  /** Where the marker for a span goes: after its last non-space character, moved out of anything it would split. */
  markerAt(start: number, end: number): number {
    const { text } = this;
    let p = end;
    while (p > start && /\s/.test(text[p - 1])) p--;
    for (let guard = 0; guard < 100; guard++) {
      const range = this.ranges.find((r) => r.start < p && p < r.end);
      if (range?.kind === 'open-fence') {
        // A fence left open runs to the end: nothing after it is outside, so the marker goes before it.
        p = range.start;
        while (p > 0 && /\s/.test(text[p - 1])) p--;
        continue;
      }
      if (range) {
        p = range.end;
        continue;
      }
      const word = this.wordAround(p);
      if (word !== null) {
        p = word;
        continue;
      }
      // "[1](" would read as a link: step over a parenthesis that follows with no space ("setup(config)").
      if (text[p] === '(') {
        const close = matchingClose(text, p, '(', ')');
        if (close !== -1) {
          p = close + 1;
          continue;
        }
      }
      break;
    }
    return p;
  }

  /** Text before a marker at p: a closing fence must stay alone on its line, a bare URL would swallow the marker. */
  lead(p: number): string {
    for (const r of this.ranges) {
      if (r.end !== p) continue;
      if (r.kind === 'fence') return `\n${r.indent ?? ''}`;
      if (r.kind === 'url') return ' ';
    }
    return '';
  }

  /** Text after a marker at p: a fence must open its own line. */
  trail(p: number): string {
    return this.ranges.some((r) => (r.kind === 'fence' || r.kind === 'open-fence') && r.start === p) ? '\n' : '';
  }

  /** The end of the word p falls inside, or null. */
  private wordAround(p: number): number | null {
    const { text } = this;
    // A window around p, not the whole text: V8's segmenter slows down more than linearly on long texts.
    const from = codePointBoundary(text, Math.max(0, p - WORD_WINDOW));
    const to = codePointBoundary(text, Math.min(text.length, p + WORD_WINDOW));
    for (const [start, end] of words(text.slice(from, to))) {
      if (from + start >= p) break;
      // A word cut by the window's end is followed up from there on the next round.
      if (p < from + end) return from + end;
    }
    return null;
  }
}

/** Fenced blocks, inline code, links and images, autolinks and bare URLs: the constructs a marker must not split. */
function markdownRanges(text: string): Range[] {
  const ranges: Range[] = [];
  let open: { start: number; fence: string } | null = null;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl === -1 ? text.length : nl;
    const line = text.slice(lineStart, lineEnd);
    if (!open) {
      const m = FENCE_OPEN.exec(line);
      if (m) open = { start: lineStart + m[1].length, fence: m[2] };
    } else {
      const m = FENCE_CLOSE.exec(line);
      if (m && m[2][0] === open.fence[0] && m[2].length >= open.fence.length) {
        ranges.push({ start: open.start, end: lineEnd, kind: 'fence', indent: m[1] });
        open = null;
      }
    }
    if (nl === -1) break;
    lineStart = nl + 1;
  }
  if (open) ranges.push({ start: open.start, end: text.length, kind: 'open-fence' });
  const blocks = [...ranges];

  let i = 0;
  let b = 0;
  while (i < text.length) {
    while (b < blocks.length && blocks[b].end <= i) b++;
    if (b < blocks.length && blocks[b].start <= i) {
      i = blocks[b].end;
      continue;
    }
    const ch = text[i];
    if (ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === '`') {
      let n = 1;
      while (text[i + n] === '`') n++;
      const close = closingBackticks(text, i + n, n);
      if (close !== -1) ranges.push({ start: i, end: close + n, kind: 'code' });
      i = close === -1 ? i + n : close + n;
      continue;
    }
    if (ch === '[') {
      const end = linkEnd(text, i);
      if (end !== -1) {
        ranges.push({ start: i > 0 && text[i - 1] === '!' ? i - 1 : i, end, kind: 'link' });
        i = end;
        continue;
      }
    }
    if (ch === '<') {
      AUTOLINK.lastIndex = i;
      const m = AUTOLINK.exec(text);
      if (m) {
        ranges.push({ start: i, end: i + m[0].length, kind: 'link' });
        i += m[0].length;
        continue;
      }
    }
    if ((ch === 'h' || ch === 'w') && (i === 0 || !/[\p{L}\p{N}]/u.test(text[i - 1]))) {
      BARE_URL.lastIndex = i;
      const m = BARE_URL.exec(text);
      if (m) {
        const url = trimUrlEnd(m[0]);
        ranges.push({ start: i, end: i + url.length, kind: 'url' });
        i += url.length;
        continue;
      }
    }
    i++;
  }
  return ranges;
}

/** Where the run of exactly n backticks closing a code span starts, or -1; a span does not cross a blank line. */
function closingBackticks(text: string, from: number, n: number): number {
  const limit = Math.min(text.length, from + SCAN_MAX);
  for (let i = from; i < limit; i++) {
    if (text[i] === '\n' && text[i + 1] === '\n') return -1;
    if (text[i] !== '`') continue;
    let run = 1;
    while (text[i + run] === '`') run++;
    if (run === n) return i;
    i += run - 1;
  }
  return -1;
}

/** The end of an inline link `[text](dest)` starting at `[`, or -1 (brackets and parentheses may nest). */
function linkEnd(text: string, open: number): number {
  const close = matchingClose(text, open, '[', ']', true);
  if (close === -1 || text[close + 1] !== '(') return -1;
  const paren = matchingClose(text, close + 1, '(', ')');
  return paren === -1 ? -1 : paren + 1;
}

/** The index of the bracket closing the one at `open`, or -1; not past a line break (or a blank line, if multiline). */
function matchingClose(text: string, open: number, opener: string, closer: string, multiline = false): number {
  let depth = 0;
  const limit = Math.min(text.length, open + SCAN_MAX);
  for (let i = open; i < limit; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (ch === opener) depth++;
    else if (ch === closer && --depth === 0) return i;
    else if (ch === '\n' && (!multiline || text[i + 1] === '\n')) return -1;
  }
  return -1;
}

/** A bare URL without the punctuation that ends the sentence around it (as GFM autolinks do). */
function trimUrlEnd(url: string): string {
  let u = url;
  for (;;) {
    if (/[?!.,:*_~'"]$/.test(u)) u = u.slice(0, -1);
    else if (u.endsWith(')') && count(u, ')') > count(u, '(')) u = u.slice(0, -1);
    else return u;
  }
}

function count(s: string, ch: string): number {
  return s.split(ch).length - 1;
}

const CJK = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}]';
const LETTER = `(?:(?!${CJK})[\\p{L}\\p{N}\\p{M}])`;
const FALLBACK_WORD = new RegExp(`${CJK}|${LETTER}+(?:['’.]${LETTER}+)*`, 'gu');

let segmenter: Intl.Segmenter | null | undefined;

/** Word spans by Unicode word segmentation, which also splits Japanese or Chinese text (no spaces) into words. */
function* words(text: string): Generator<[number, number]> {
  segmenter ??= typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'word' }) : null;
  if (segmenter) {
    for (const s of segmenter.segment(text)) if (s.isWordLike) yield [s.index, s.index + s.segment.length];
  } else {
    // Without ICU: runs of letters and digits, each Han or kana character a word of its own.
    for (const m of text.matchAll(FALLBACK_WORD)) yield [m.index, m.index + m[0].length];
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

/** A provider's text parts joined as they come, with where each starts in the whole. */
function joinParts(parts: readonly unknown[]): {
  text: string;
  annotated: { offset: number; partText: string; annotations: unknown[] }[];
} {
  let text = '';
  const annotated: { offset: number; partText: string; annotations: unknown[] }[] = [];
  for (const raw of parts) {
    const part = asRecord(raw);
    if (typeof part?.text !== 'string') continue;
    if (Array.isArray(part.annotations)) annotated.push({ offset: text.length, partText: part.text, annotations: part.annotations });
    text += part.text;
  }
  return { text, annotated };
}

/** The `output_text` parts of an xAI response body, or the part(s) given directly. */
function xaiParts(response: unknown): unknown[] {
  if (Array.isArray(response)) return response;
  const body = asRecord(response);
  if (!body) return [];
  if (!Array.isArray(body.output)) return [body];
  const parts: unknown[] = [];
  for (const raw of body.output) {
    const item = asRecord(raw);
    if (!item || !Array.isArray(item.content)) continue;
    for (const c of item.content) if (asRecord(c)?.type === 'output_text') parts.push(c);
  }
  return parts;
}

/** The span [start, end) read as UTF-16 offsets, else as code points, if `accept` recognizes what it covers. */
function findSpan(text: string, offsets: Offsets, start: number, end: number, accept: (span: string) => boolean): [number, number] | null {
  const candidates: [number, number][] = [[start, end]];
  const s = offsets.fromCodePoints(start);
  const e = offsets.fromCodePoints(end);
  if (s !== start || e !== end) candidates.push([s, e]);
  for (const [a, b] of candidates) if (a >= 0 && b <= text.length && a < b && accept(text.slice(a, b))) return [a, b];
  return null;
}

/** OpenAI's inline citation: whole Markdown links (never images), usually in parentheses, a comma between them. */
function isOpenAIInlineCitation(span: string): boolean {
  const t = span.trim();
  const inner = t.startsWith('(') && t.endsWith(')') ? t.slice(1, -1).trim() : t;
  let i = 0;
  while (i < inner.length) {
    if (inner[i] !== '[') return false;
    const end = linkEnd(inner, i);
    if (end === -1) return false;
    i = end;
    while (i < inner.length && /[\s,;]/.test(inner[i])) i++;
  }
  return i > 0;
}

/** xAI's inline citation: one whole `[[N]](url)` link. */
function isXaiInlineCitation(span: string): boolean {
  return span.startsWith('[[') && linkEnd(span, 0) === span.length;
}

/** The `[[N]](url)` link nearest to `near` that is not claimed yet, when the offsets point elsewhere. */
function nearestXaiLink(text: string, url: string, label: string, near: number, claimed: ReadonlySet<number>): [number, number] | null {
  const escaped = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`\\[\\[${label ? label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : '[^\\]\\n]*'}\\]\\]\\(${escaped}\\)`, 'g');
  let best: [number, number] | null = null;
  for (const m of text.matchAll(pattern)) {
    if (claimed.has(m.index)) continue;
    if (!best || Math.abs(m.index - near) < Math.abs(best[0] - near)) best = [m.index, m.index + m[0].length];
  }
  return best;
}

/** A Google segment as string indices: its bytes converted, or where its own text is, if they disagree. */
function googleSpan(text: string, offsets: Offsets, segment: Record<string, unknown>): [number, number] | null {
  const startBytes = segment.startIndex === undefined || segment.startIndex === null ? 0 : toInt(segment.startIndex);
  const endBytes = toInt(segment.endIndex);
  const segText = typeof segment.text === 'string' ? segment.text.trim() : '';
  let span: [number, number] | null = null;
  if (startBytes !== null && endBytes !== null && endBytes >= startBytes) {
    span = [offsets.fromBytes(startBytes), offsets.fromBytes(endBytes)];
  }
  if (segText && (!span || text.slice(span[0], span[1]).trim() !== segText)) {
    let best = -1;
    const near = span?.[0] ?? 0;
    for (let i = text.indexOf(segText); i !== -1; i = text.indexOf(segText, i + 1)) {
      if (best === -1 || Math.abs(i - near) < Math.abs(best - near)) best = i;
    }
    if (best !== -1) span = [best, best + segText.length];
  }
  return span;
}

/** Code point boundaries of a text, as UTF-16 indices and as UTF-8 byte offsets (the end included). */
class Offsets {
  private readonly u16: number[] = [];
  private readonly utf8: number[] = [];

  constructor(text: string) {
    let u = 0;
    let b = 0;
    for (const ch of text) {
      this.u16.push(u);
      this.utf8.push(b);
      const cp = ch.codePointAt(0)!;
      u += ch.length;
      b += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    }
    this.u16.push(u);
    this.utf8.push(b);
  }

  /** The string index at a UTF-8 byte offset (one inside a character rounds up to its end; past the end, the end). */
  fromBytes(bytes: number): number {
    let lo = 0;
    let hi = this.utf8.length - 1;
    if (bytes >= this.utf8[hi]) return this.u16[hi];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.utf8[mid] < bytes) lo = mid + 1;
      else hi = mid;
    }
    return this.u16[lo];
  }

  fromCodePoints(n: number): number {
    return this.u16[Math.min(Math.max(n, 0), this.u16.length - 1)];
  }
}

/** Only web pages are sources: an http(s) URL, else null. */
function httpUrl(value: unknown): URL | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** What makes two URLs one source: the same page, whatever #fragment or utm_* tracking parameters they carry. */
function sourceKey(url: URL): string {
  const u = new URL(url.href);
  u.hash = '';
  for (const name of [...u.searchParams.keys()]) if (name.toLowerCase().startsWith('utm_')) u.searchParams.delete(name);
  return u.href;
}

function cleanTitle(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  let title = value.replace(/\s+/g, ' ').trim();
  if (title.length > TITLE_MAX) title = title.slice(0, codePointBoundary(title, TITLE_MAX, 'back')).trimEnd();
  return title || undefined;
}

/** A whole number from a provider's offset (a number, or digits in a string), else null. */
function toInt(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? Math.trunc(n) : null;
}

/** An index moved off the middle of a surrogate pair, so no marker splits an emoji. */
function codePointBoundary(text: string, i: number, direction: 'forward' | 'back' = 'forward'): number {
  const inPair = i > 0 && i < text.length && /[\uDC00-\uDFFF]/.test(text[i]) && /[\uD800-\uDBFF]/.test(text[i - 1]);
  return inPair ? (direction === 'forward' ? i + 1 : i - 1) : i;
}

function clamp(i: number, length: number): number {
  return Math.min(Math.max(i, 0), length);
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** Provider input must never fail a reply: anything unforeseen keeps the text as written, without sources. */
function guarded(run: () => CitedText, plainText: () => string): CitedText {
  try {
    return run();
  } catch {
    try {
      return { text: plainText(), sources: [] };
    } catch {
      return { text: '', sources: [] };
    }
  }
}
