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
