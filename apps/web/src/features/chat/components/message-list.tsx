import type { ModelEntry, User } from '@ensemble/shared';
import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useAutoScroll } from '../hooks/use-auto-scroll';
import type { ChatMessage } from '../types';
import { type BranchActions, MessageItem } from './message-item';

/** How many messages are mounted at first, and how many more each 'Load earlier messages' adds. */
export const MESSAGE_WINDOW = 40;

export interface MessageListProps {
  messages: ChatMessage[];
  findModel(id: string | null): ModelEntry | undefined;
  user: User | null;
  queued: number;
  onEdit(id: number, content: string): Promise<boolean>;
  onDelete(id: number): void;
  onRegenerate(message: ChatMessage): void;
  onRetry?(message: ChatMessage): void;
  branch?: BranchActions;
  footer?: React.ReactNode;
}

/**
 * The conversation, kept at the bottom while replies grow unless the user scrolled up. Only the
 * last messages are mounted (40 more per 'Load earlier messages'), and off-screen ones skip
 * rendering work (content-visibility), so a long thread stays light.
 */
export function MessageList({
  messages,
  findModel,
  user,
  queued,
  onEdit,
  onDelete,
  onRegenerate,
  onRetry,
  branch,
  footer,
}: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const { scrollToBottom } = useAutoScroll(scroller, content);
  const [limit, setLimit] = useState(MESSAGE_WINDOW);
  const keepOffset = useRef<number | null>(null);
  const hidden = Math.max(0, messages.length - limit);
  const shown = hidden ? messages.slice(hidden) : messages;
  const activeId = [...messages].reverse().find((m) => m.type === 'loading' || m.streaming)?.id;
  const lastUserId = [...messages].reverse().find((m) => m.sender === 'user')?.id;

  // A new message of the user's own pulls the view down even if they had scrolled up.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest user message changes
  useLayoutEffect(() => {
    scrollToBottom();
  }, [lastUserId]);

  // Loading earlier messages keeps the view where it was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after the window grows
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && keepOffset.current !== null) {
      el.scrollTop = el.scrollHeight - keepOffset.current;
      keepOffset.current = null;
    }
  }, [limit]);

  const loadEarlier = () => {
    const el = scroller.current;
    keepOffset.current = el ? el.scrollHeight - el.scrollTop : null;
    setLimit((n) => n + MESSAGE_WINDOW);
  };

  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto [overflow-anchor:none]" data-testid="message-scroller">
      <div ref={content} className="mx-auto w-full max-w-3xl px-4 pb-6 sm:px-6">
        {hidden > 0 && (
          <div className="flex justify-center pt-4">
            <Button variant="secondary" size="sm" onClick={loadEarlier}>
              Load earlier messages ({hidden})
            </Button>
          </div>
        )}
        <div className="divide-y divide-border/60" data-testid="message-list">
          {shown.map((m) => (
            <MessageItem
              key={m.id}
              message={m}
              model={findModel(m.model)}
              user={user}
              queued={m.id === activeId ? queued : 0}
              onEdit={onEdit}
              onDelete={onDelete}
              onRegenerate={onRegenerate}
              onRetry={onRetry}
              branch={branch}
            />
          ))}
        </div>
        {footer}
      </div>
    </div>
  );
}
