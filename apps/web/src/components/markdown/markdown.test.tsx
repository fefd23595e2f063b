import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Markdown } from './markdown';
import { markdownParseCount } from './markdown-block';

describe('Markdown', () => {
  it('renders headings, lists, tables and inline code as elements', () => {
    render(<Markdown text={'## Plan\n\n- **bold** item\n- `code`\n\n| a | b |\n|---|---|\n| 1 | 2 |'} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Plan' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText('code').tagName).toBe('CODE');
    expect(screen.getByRole('table')).toHaveTextContent('12');
  });

  it('opens links in a new tab with rel noopener and drops javascript: links', () => {
    render(<Markdown text={'[safe](https://example.com) and [bad](javascript:alert(1))'} />);
    const link = screen.getByRole('link', { name: 'safe' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    expect(screen.getByText('bad')).toBeInTheDocument();
  });

  it('shows an image from another host as a link labelled with the host, and loads only our own images', () => {
    const { container } = render(
      <Markdown
        text={'![chart](https://tracker.example/p.png?leak=abc) and ![ours](/api/images/file/a.png) and ![x](javascript:alert(1))'}
      />,
    );
    const link = screen.getByRole('link', { name: 'tracker.example' });
    expect(link).toHaveAttribute('href', 'https://tracker.example/p.png?leak=abc');
    expect(link.getAttribute('rel')).toContain('noopener');
    const images = [...container.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('src'))).toEqual(['/api/images/file/a.png']);
  });

  it('shows raw HTML as text instead of interpreting it', () => {
    const { container } = render(<Markdown text={'<img src=x onerror="alert(1)"> <script>alert(2)</script>'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container).toHaveTextContent('<script>alert(2)</script>');
  });

  it('highlights a finished code block once the highlighter loads, and copies it with its own button', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<Markdown text={'```ts\nconst answer: number = 42;\n```'} />);
    const block = screen.getByTestId('code-block');
    await waitFor(() => expect(block.querySelector('.hljs-keyword')).not.toBeNull());
    expect(block).toHaveTextContent('const answer: number = 42;');
    await userEvent.click(within(block).getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith('const answer: number = 42;');
    expect(within(block).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('colours a long code block in blocks of 40 lines, every line of it in the end', async () => {
    const lines = Array.from({ length: 100 }, (_, i) => `const line${i} = ${i};`);
    render(<Markdown text={`\`\`\`ts\n${lines.join('\n')}\n\`\`\``} />);
    const code = screen.getByTestId('code-block').querySelector('code') as HTMLElement;
    await waitFor(() => {
      const groups = [...code.children];
      expect(groups).toHaveLength(3);
      for (const group of groups) expect(group.querySelector('.hljs-keyword')).not.toBeNull();
    });
    const groups = [...code.children];
    expect(groups.map((g) => g.textContent)).toEqual([
      lines.slice(0, 40).join('\n'),
      lines.slice(40, 80).join('\n'),
      lines.slice(80).join('\n'),
    ]);
    expect(groups[2]!.querySelectorAll('.hljs-keyword')).toHaveLength(20);
  });

  it('does not parse finished blocks again while the text streams in', () => {
    const finished = Array.from({ length: 20 }, (_, i) => `Paragraph number ${i} with some words.`).join('\n\n');
    const { rerender } = render(<Markdown text={`${finished}\n\nGrow`} streaming />);
    const before = markdownParseCount();
    for (let i = 1; i <= 10; i++) rerender(<Markdown text={`${finished}\n\nGrow${'ing'.repeat(i)}`} streaming />);
    // Ten changes to the last block: ten parses, none for the 20 finished paragraphs.
    expect(markdownParseCount() - before).toBe(10);
    expect(screen.getByText(/Growinginginginginginginginginging/)).toBeInTheDocument();
  });

  it('keeps the finished lines of a long code block that is still arriving as blocks that do not change', () => {
    const lines = Array.from({ length: 100 }, (_, n) => `const line${n} = ${n};`);
    const head = `\`\`\`ts\n${lines.slice(0, 90).join('\n')}`;
    const { container, rerender } = render(<Markdown text={head} streaming />);
    const pre = container.querySelector('pre') as HTMLElement;
    const groups = () => [...pre.querySelectorAll('code > span.block')];
    const first = groups()[0];
    expect(groups()).toHaveLength(3);
    expect(first?.textContent).toBe(lines.slice(0, 40).join('\n'));
    rerender(<Markdown text={`${head}\n${lines.slice(90).join('\n')}`} streaming />);
    expect(groups()).toHaveLength(3);
    // The first 40 lines are the same element, untouched; the text reads as the code, line for line.
    expect(groups()[0]).toBe(first);
    expect(
      groups()
        .map((g) => g.textContent)
        .join('\n'),
    ).toBe(lines.join('\n'));
  });
});
