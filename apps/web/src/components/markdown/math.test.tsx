import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

describe('Markdown math and diagrams', () => {
  it('renders $…$, \\(…\\), $$…$$ and \\[…\\] with KaTeX', async () => {
    const text = [
      'Euler: $e^{i\\pi}+1=0$ and \\(a^2+b^2=c^2\\).',
      '',
      '$$',
      '\\int_0^1 x\\,dx = \\frac{1}{2}',
      '$$',
      '',
      '\\[\\sum_{k=1}^n k = \\frac{n(n+1)}{2}\\]',
    ].join('\n');
    const { container } = render(<Markdown text={text} />);
    // Each block is typeset once KaTeX has loaded for it, not all in one render: wait for all four.
    await waitFor(() => {
      expect(screen.getAllByTestId('math-inline')).toHaveLength(2);
      expect(screen.getAllByTestId('math-display')).toHaveLength(2);
    });
    // KaTeX keeps the TeX as an annotation of the MathML it writes for screen readers.
    const annotations = [...container.querySelectorAll('annotation')].map((a) => a.textContent);
    expect(annotations).toEqual(['e^{i\\pi}+1=0', 'a^2+b^2=c^2', '\\int_0^1 x\\,dx = \\frac{1}{2}', '\\sum_{k=1}^n k = \\frac{n(n+1)}{2}']);
    expect(container.querySelectorAll('.katex-display')).toHaveLength(2);
  });

  it('leaves prices, escaped dollars and code alone', async () => {
    render(<Markdown text={'It costs $5 and $10, not \\$x\\$. Code: `$y$`.'} />);
    expect(await screen.findByText(/It costs \$5 and \$10, not \$x\$\. Code:/)).toBeInTheDocument();
    expect(screen.getByText('$y$').tagName).toBe('CODE');
    expect(screen.queryByTestId('math-inline')).toBeNull();
  });

  it('refuses TeX that would link or load (trust off) and shows bad TeX as an error, not a crash', async () => {
    const { container } = render(
      <Markdown text={'$\\href{javascript:alert(1)}{x}$ and $\\frac{1}{$ then $\\includegraphics{http://x.test/a.png}$'} />,
    );
    await waitFor(() => expect(container.querySelectorAll('.katex, .katex-error').length).toBeGreaterThan(0));
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows a mermaid block as source while it streams, with no diagram yet', async () => {
    render(<Markdown text={'```mermaid\ngraph TD\n  A --> B'} streaming />);
    const block = await screen.findByTestId('mermaid-block');
    expect(block).toHaveTextContent('graph TD');
    expect(screen.queryByTestId('mermaid-diagram')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show source' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Copy code' }));
  });
});
