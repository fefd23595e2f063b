import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { highlightHtmlToLineGroups, highlightHtmlToNodes } from './highlight-tree';

describe('highlighted code in groups of lines', () => {
  const html = 'a\n<span class="hljs-comment">/* one\ntwo\nthree */</span>\nb &amp; c\nd';

  it('cuts every N lines, leaving out the newline at the cut and keeping the text of every line', () => {
    const groups = highlightHtmlToLineGroups(html, 2);
    const texts = groups.map((nodes) => render(<code>{nodes}</code>).container.textContent);
    expect(texts).toEqual(['a\n/* one', 'two\nthree */', 'b & c\nd']);
  });

  it('opens a span cut in two again in the next group, so every line keeps its colour', () => {
    const groups = highlightHtmlToLineGroups(html, 2);
    const first = render(<code>{groups[0]}</code>).container;
    const second = render(<code>{groups[1]}</code>).container;
    expect(first.querySelector('.hljs-comment')?.textContent).toBe('/* one');
    expect(second.querySelector('.hljs-comment')?.textContent).toBe('two\nthree */');
    expect(render(<code>{groups[2]}</code>).container.querySelector('.hljs-comment')).toBeNull();
  });

  it('is one group, the whole code, without a limit', () => {
    const { container } = render(<code>{highlightHtmlToNodes(html)}</code>);
    expect(container.textContent).toBe('a\n/* one\ntwo\nthree */\nb & c\nd');
    expect(container.querySelectorAll('.hljs-comment')).toHaveLength(1);
  });
});
