/**
 * Splits markdown into top-level blocks, incrementally: a streamed reply only ever grows, so the
 * blocks before the last one are final and are never scanned (or parsed, or rendered) again.
 */

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
const BLANK = /^[ \t]*$/;

interface Fence {
  char: string;
  length: number;
}

/** A splitter that remembers where it stopped; feed it the whole text each time. */
export interface BlockSplitter {
  /** The blocks of `text`: every one but the last is final and keeps its identity across calls. */
  split(text: string): string[];
}

function closesFence(line: string, fence: Fence): boolean {
  const m = /^ {0,3}(`+|~+)[ \t]*$/.exec(line);
  return Boolean(m?.[1] && m[1][0] === fence.char && m[1].length >= fence.length);
}

/**
 * Creates a splitter. Blocks end at a blank line outside fenced code, unless the next line is
 * indented (a continuation) or continues a list, so lists and code blocks stay whole.
 */
export function createBlockSplitter(): BlockSplitter {
  let previous = '';
  let finished: string[] = [];
  let start = 0; // where the open block begins
  let pos = 0; // where the next unscanned line begins
  let fence: Fence | null = null;
  let hasContent = false;
  let blankPending = false;
  let openIsList = false;

  const reset = () => {
    previous = '';
    finished = [];
    start = 0;
    pos = 0;
    fence = null;
    hasContent = false;
    blankPending = false;
    openIsList = false;
  };

  const scanLine = (text: string, lineStart: number, line: string) => {
    if (fence) {
      if (closesFence(line, fence)) fence = null;
      return;
    }
    if (BLANK.test(line)) {
      if (hasContent) blankPending = true;
      else start = lineStart + line.length + 1;
      return;
    }
    const isListItem = LIST_ITEM.test(line);
    if (blankPending) {
      const continues = /^[ \t]/.test(line) || (openIsList && isListItem);
      if (!continues) {
        finished.push(text.slice(start, lineStart).trimEnd());
        start = lineStart;
        hasContent = false;
      }
      blankPending = false;
    }
    if (!hasContent) {
      openIsList = isListItem;
      hasContent = true;
    }
    const open = FENCE_OPEN.exec(line);
    if (open?.[1]) fence = { char: open[1][0]!, length: open[1].length };
  };

  return {
    split(text: string): string[] {
      if (!text.startsWith(previous)) reset();
      previous = text;
      // Only complete lines are scanned; a partial last line belongs to the open block anyway.
      let newline = text.indexOf('\n', pos);
      while (newline >= 0) {
        scanLine(text, pos, text.slice(pos, newline));
        pos = newline + 1;
        newline = text.indexOf('\n', pos);
      }
      // A partial last line after a blank one may already start a new block: show it apart
      // without committing, since its first characters could still make it a continuation.
      const partial = text.slice(pos);
      if (blankPending && !fence && partial.trim() && !/^[ \t]/.test(partial) && !(openIsList && LIST_ITEM.test(partial))) {
        return [...finished, text.slice(start, pos).trimEnd(), partial];
      }
      const open = text.slice(start);
      return open.trim() ? [...finished, open] : [...finished];
    },
  };
}

/** The blocks of a whole text (a one-off split). */
export function splitMarkdownBlocks(text: string): string[] {
  return createBlockSplitter().split(text);
}
