import { Trans } from '@lingui/react/macro';
import type { ModelEntry, User } from '@ensemble/shared';
import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { type MessageTarget, useMessageTarget } from '@/features/search';
import { useAutoScroll } from '../hooks/use-auto-scroll';
import type { ChatMessage } from '../types';
import { type BranchActions, MessageItem } from './message-item';

/** How many messages are mounted at first, and how many more each 'Load earlier messages' adds. */
export const MESSAGE_WINDOW = 40;

export interface MessageListProps {
  messages: ChatMessage[];
  /** Messages of the branch still on the server, before the first one in `messages`. */
  earlier?: number;
  /** Loads the page before the first message (get_messages with before_id). */
  onLoadEarlier?(): Promise<void>;
  findModel(id: string | null): ModelEntry | undefined;
  user: User | null;
  queued: number;
  onEdit(id: number, content: string): Promise<boolean>;
  onDelete(id: number): void;
  onRegenerate(message: ChatMessage): void;
  onRetry?(message: ChatMessage): void;
  branch?: BranchActions;
  footer?: React.ReactNode;
  /** A search result's message to open the thread at (scrolled to and highlighted). */
  target?: MessageTarget | null;
}

/**
 * The conversation, kept at the bottom while replies grow unless the user scrolled up. Only the
 * last messages are mounted (40 more per 'Load earlier messages'), and off-screen ones skip
 * rendering work (content-visibility), so a long thread stays light.
 */
export function MessageList({
  messages,
  earlier = 0,
  onLoadEarlier,
  findModel,
  user,
  queued,
  onEdit,
  onDelete,
  onRegenerate,
  onRetry,
  branch,
  footer,
  target = null,
}: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const { scrollToBottom } = useAutoScroll(scroller, content);
  const [limit, setLimit] = useState(MESSAGE_WINDOW);
  const [loading, setLoading] = useState(false);
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

  // Loading earlier messages keeps the view where it was: while the page arrives (messages mounted
  // above it) and once the window grows, after which the position is let go.
  const keptLimit = useRef(limit);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when messages are added above or the window grows
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && keepOffset.current !== null) {
      el.scrollTop = el.scrollHeight - keepOffset.current;
      if (keptLimit.current !== limit) keepOffset.current = null;
    }
    keptLimit.current = limit;
  }, [limit, messages.length]);

  // A search result opens the thread at its message (?m=<id>).
  useMessageTarget({
    target,
    messageIds: messages.map((m) => m.id),
    hidden,
    showFrom: (index) => setLimit(messages.length - index),
    onSwitch: branch?.onSwitch,
    scroller,
  });

  // Mounted ones first; past them, the page before from the server.
  const loadEarlier = async () => {
    const el = scroller.current;
    keepOffset.current = el ? el.scrollHeight - el.scrollTop : null;
    if (hidden === 0 && onLoadEarlier) {
      setLoading(true);
      try {
        await onLoadEarlier();
      } finally {
        setLoading(false);
      }
    }
    setLimit((n) => n + MESSAGE_WINDOW);
  };
  const more = hidden + (onLoadEarlier ? earlier : 0);

  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto [overflow-anchor:none]" data-testid="message-scroller">
      <div ref={content} className="mx-auto w-full max-w-3xl px-4 pb-6 sm:px-6">
        {more > 0 && (
          <div className="flex justify-center pt-4">
            <Button variant="secondary" size="sm" onClick={loadEarlier} disabled={loading} aria-busy={loading}>
              <Trans>Load earlier messages ({more})</Trans>
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
