import type { ReactNode } from 'react';
import { decodeEntities } from './safe-url';

const TAG = /<span class="([^"]*)">|<\/span>|([^<]+)/g;

/**
 * Turns highlight.js output (escaped text inside `<span class="hljs-...">`) into React elements,
 * so highlighted code is rendered without any innerHTML. Anything but those spans is text.
 */
export function highlightHtmlToNodes(html: string): ReactNode[] {
  return highlightHtmlToLineGroups(html, Number.POSITIVE_INFINITY)[0] ?? [];
}

/**
 * The same, cut into groups of `linesPerGroup` lines (the newline between two groups is left out:
 * each group is shown as a block of its own). A span open across a cut is closed at the end of
 * one group and opened again at the start of the next, so every line keeps its colours.
 */
export function highlightHtmlToLineGroups(html: string, linesPerGroup: number): ReactNode[][] {
  const groups: ReactNode[][] = [];
  let root: ReactNode[] = [];
  let stack: { className: string; children: ReactNode[] }[] = [];
  let key = 0;
  let lines = 1;
  const top = () => stack[stack.length - 1]?.children ?? root;
  const close = () => {
    const done = stack.pop();
    if (done)
      top().push(
        <span key={key++} className={done.className}>
          {done.children}
        </span>,
      );
  };
  for (const match of html.matchAll(TAG)) {
    if (match[1] !== undefined) stack.push({ className: match[1], children: [] });
    else if (match[2] !== undefined) {
      const text = decodeEntities(match[2]);
      let from = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', nl + 1)) {
        if (lines % linesPerGroup !== 0) {
          lines++;
          continue;
        }
        lines++;
        // A cut: this group ends before the newline, the next starts after it with the same spans open.
        if (nl > from) top().push(text.slice(from, nl));
        from = nl + 1;
        const open = stack.map((s) => s.className);
        while (stack.length) close();
        groups.push(root);
        root = [];
        stack = open.map((className) => ({ className, children: [] }));
      }
      if (from < text.length) top().push(text.slice(from));
    } else close();
  }
  // Unclosed spans (never produced by highlight.js) still show their text.
  while (stack.length) {
    const done = stack.pop()!;
    top().push(...done.children);
  }
  groups.push(root);
  return groups;
}
