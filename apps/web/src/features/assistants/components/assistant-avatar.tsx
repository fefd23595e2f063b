import type { Assistant } from '@ensemble/shared';
import { Bot } from 'lucide-react';
import { cn } from '@/lib/cn';

const SIZES = { md: 'size-12 text-2xl rounded-xl', lg: 'size-16 text-4xl rounded-2xl' } as const;

/** An assistant's picture: its icon, else its emoji, else a robot on the accent colour. Decorative: its name is beside it. */
export function AssistantAvatar({
  assistant,
  size = 'md',
}: {
  assistant: Pick<Assistant, 'icon_url' | 'emoji'>;
  size?: keyof typeof SIZES;
}) {
  const box = cn(SIZES[size], 'inline-flex shrink-0 items-center justify-center overflow-hidden bg-surface-2 leading-none');
  if (assistant.icon_url) return <img src={assistant.icon_url} alt="" className={cn(box, 'object-cover')} />;
  return (
    <span aria-hidden className={box}>
      {assistant.emoji ?? <Bot className="size-1/2 text-accent" />}
    </span>
  );
}
