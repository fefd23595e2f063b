import type { ReactNode } from 'react';
import { decodeEntities } from './safe-url';

const TAG = /<span class="([^"]*)">|<\/span>|([^<]+)/g;

/**
 * Turns highlight.js output (escaped text inside `<span class="hljs-...">`) into React elements,
 * so highlighted code is rendered without any innerHTML. Anything but those spans is text.
 */
export function highlightHtmlToNodes(html: string): ReactNode[] {
  const root: ReactNode[] = [];
  const stack: { className: string; children: ReactNode[] }[] = [];
  let key = 0;
  const top = () => stack[stack.length - 1]?.children ?? root;
  for (const match of html.matchAll(TAG)) {
    if (match[1] !== undefined) stack.push({ className: match[1], children: [] });
    else if (match[2] !== undefined) top().push(decodeEntities(match[2]));
    else {
      const done = stack.pop();
      if (done)
        top().push(
          <span key={key++} className={done.className}>
            {done.children}
          </span>,
        );
    }
  }
  // Unclosed spans (never produced by highlight.js) still show their text.
  while (stack.length) {
    const done = stack.pop()!;
    top().push(...done.children);
  }
  return root;
}
