import { useRef } from 'react';
import { cn } from '@/lib/cn';
import { type BlockSplitter, createBlockSplitter } from './block-splitter';
import { MarkdownBlock } from './markdown-block';
import { ReplyStreaming } from './streaming-context';

/**
 * Formatted text from markdown, rendered as React elements (never as HTML). While `streaming`,
 * only the last, growing block is parsed again on each change; finished blocks stay as they are.
 */
export function Markdown({ text, streaming = false, className }: { text: string; streaming?: boolean; className?: string }) {
  const splitter = useRef<BlockSplitter | null>(null);
  splitter.current ??= createBlockSplitter();
  const blocks = splitter.current.split(text);
  return (
    // Model output keeps its own direction: an English reply reads left to right in the Arabic app, and the reverse.
    <div dir="auto" className={cn('min-w-0 break-words text-body', className)} data-testid="markdown">
      <ReplyStreaming.Provider value={streaming}>
        {groupsOf(blocks.length, streaming).map(([from, to, settled]) => {
          const items = blocks.slice(from, to).map((block, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks only grow at the end, so a block's index is its identity
            <MarkdownBlock key={from + j} source={block} final={!streaming || from + j < blocks.length - 1} />
          ));
          // A run of finished blocks skips layout and paint while far off screen (a long reply stays light).
          // The run keeps its element (same key) when it settles, so its blocks are never mounted twice.
          return (
            <div
              key={`g${from}`}
              className={cn('my-3 first:mt-0 last:mb-0', settled && '[contain-intrinsic-size:auto_240px] [content-visibility:auto]')}
            >
              {items}
            </div>
          );
        })}
      </ReplyStreaming.Provider>
    </div>
  );
}

const GROUP = 8;

/**
 * Splits block indexes into runs of 8: every full run of finished blocks is `settled` (wrapped),
 * the rest (the run still growing) is rendered as it is. Runs only ever grow at the end.
 */
function groupsOf(count: number, streaming: boolean): Array<[number, number, boolean]> {
  const runs: Array<[number, number, boolean]> = [];
  const finished = streaming ? count - 1 : count;
  let from = 0;
  for (; from + GROUP <= finished; from += GROUP) runs.push([from, from + GROUP, true]);
  if (from < count) runs.push([from, count, false]);
  return runs;
}
