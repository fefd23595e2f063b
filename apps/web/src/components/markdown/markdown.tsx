import { useRef } from 'react';
import { cn } from '@/lib/cn';
import { type BlockSplitter, createBlockSplitter } from './block-splitter';
import { MarkdownBlock } from './markdown-block';

/**
 * Formatted text from markdown, rendered as React elements (never as HTML). While `streaming`,
 * only the last, growing block is parsed again on each change; finished blocks stay as they are.
 */
export function Markdown({ text, streaming = false, className }: { text: string; streaming?: boolean; className?: string }) {
  const splitter = useRef<BlockSplitter | null>(null);
  splitter.current ??= createBlockSplitter();
  const blocks = splitter.current.split(text);
  return (
    <div className={cn('min-w-0 break-words text-body', className)} data-testid="markdown">
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks only grow at the end, so a block's index is its identity
        <MarkdownBlock key={i} source={block} final={!streaming || i < blocks.length - 1} />
      ))}
    </div>
  );
}
