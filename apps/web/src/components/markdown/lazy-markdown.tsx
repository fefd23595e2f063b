import { type ComponentProps, lazy, Suspense } from 'react';
import { cn } from '@/lib/cn';
import type { Markdown as MarkdownComponent } from './markdown';

type MarkdownProps = ComponentProps<typeof MarkdownComponent>;

let loading: Promise<{ default: typeof MarkdownComponent }> | null = null;

/** Starts loading the markdown renderer (its own chunk); safe to call often, e.g. when a message is sent. */
export function preloadMarkdown(): Promise<{ default: typeof MarkdownComponent }> {
  loading ??= import('./markdown').then((m) => ({ default: m.Markdown }));
  return loading;
}

const Lazy = lazy(preloadMarkdown);

/**
 * The markdown renderer, loaded on first use so that an empty chat does not pay for the parser;
 * until it arrives the text shows as plain text.
 */
export function Markdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<div className={cn('min-w-0 whitespace-pre-wrap break-words text-body', props.className)}>{props.text}</div>}>
      <Lazy {...props} />
    </Suspense>
  );
}
