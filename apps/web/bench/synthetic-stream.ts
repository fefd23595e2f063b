/** A synthetic ~30 KB markdown reply with a 400-line code block, cut into ~4-character tokens. */
export function syntheticReplyTokens(): string[] {
  const lines: string[] = [
    '## A long answer with a large code sample',
    '',
    'Here is a complete module, followed by notes.',
    '',
    '```typescript',
  ];
  for (let i = 0; i < 400; i++) {
    lines.push(i % 20 === 0 ? `// Section ${i / 20 + 1}: helpers from step ${i}` : `export const step${i} = (x: number) => x * ${i} + 1;`);
  }
  lines.push('```', '');
  for (let p = 0; lines.join('\n').length < 30_000; p++) {
    lines.push(
      `**Note ${p + 1}.** Each helper multiplies and sums its input; keep them small, test them one by one, and prefer *clear names* over clever ones.`,
      '',
    );
  }
  const text = lines.join('\n');
  return text.match(/[\s\S]{1,4}/g) ?? [];
}

/** The SSE body of a token list, as the chat stream sends it. */
export function sseEvent(seq: number, content: string): string {
  return `id: ${seq}\ndata: ${JSON.stringify({ content, message_id: null, format: 'markdown' })}\n\n`;
}

/**
 * A synthetic ~30 KB reply with LaTeX (inline `$…$`, `\(…\)`, display `$$…$$`, `\[…\]`) in every
 * paragraph and a Mermaid flowchart a third of the way in, so the diagram is drawn while the rest
 * still streams; cut into ~4-character tokens.
 */
export function syntheticMathReplyTokens(): string[] {
  const parts: string[] = ['## Derivations, with a diagram of the steps', ''];
  const paragraph = (i: number) => [
    `**Step ${i + 1}.** For $n = ${i + 2}$ the sum \\(\\sum_{k=1}^{n} k^2 = \\frac{n(n+1)(2n+1)}{6}\\) gives $${((i + 2) * (i + 3) * (2 * i + 5)) / 6}$, and the integral follows:`,
    '',
    `$$\\int_0^{${i + 1}} x^{${i % 5}}\\,dx = \\frac{${i + 1}^{${(i % 5) + 1}}}{${(i % 5) + 1}}, \\qquad e^{i\\theta_{${i}}} = \\cos\\theta_{${i}} + i\\sin\\theta_{${i}}$$`,
    '',
    `\\[\\begin{pmatrix} a_{${i}} & b \\\\ c & d \\end{pmatrix}^{-1} = \\frac{1}{a_{${i}}d - bc}\\begin{pmatrix} d & -b \\\\ -c & a_{${i}} \\end{pmatrix}\\]`,
    '',
  ];
  let i = 0;
  while (parts.join('\n').length < 10_000) parts.push(...paragraph(i++));
  parts.push(
    '```mermaid',
    'flowchart TD',
    '  A[Read the problem] --> B{Closed form known?}',
    '  B -- yes --> C[Substitute n]',
    '  B -- no --> D[Set up the integral]',
    '  D --> E[Integrate by parts]',
    '  E --> F[Check the boundary terms]',
    '  C --> G[Verify with n = 1, 2, 3]',
    '  F --> G',
    '  G --> H((Done))',
    '```',
    '',
  );
  while (parts.join('\n').length < 30_000) parts.push(...paragraph(i++));
  return parts.join('\n').match(/[\s\S]{1,4}/g) ?? [];
}
