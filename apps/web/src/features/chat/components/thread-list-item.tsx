import { Trans, useLingui } from '@lingui/react/macro';
import type { Thread } from '@ensemble/shared';
import { DEFAULT_THREAD_TITLE } from '@ensemble/shared';
import { Pin, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatDate } from '../format-date';
import { localizeThreadTitle } from '@/i18n/server-messages';
import { dropTarget, endDrag, startDrag } from './thread-drag';
import { type ThreadAction, ThreadMenu } from './thread-menu';

export interface ThreadListItemProps {
  thread: Thread;
  current: boolean;
  /** The list it is shown in: the main list or a folder's. */
  list: number | 'none';
  /** Select mode (the list's Edit): a checkbox and a delete button instead of the menu. */
  selecting: boolean;
  selected?: boolean;
  onSelect?(thread: Thread, selected: boolean): void;
  onDelete(thread: Thread): void;
  onAction?(thread: Thread, action: ThreadAction): void;
  canMoveUp?: boolean;
  canMoveDown?: boolean;
  /** A pinned chat of the same list was dropped on this (pinned) one: it takes this one's place. */
  onDropPinned?(draggedId: number): void;
}

/**
 * One entry of Your Chats: title (a pin when pinned, a New badge for 'New Thread'), created date and its menu; in
 * select mode a checkbox and a delete button. Dragged, it goes onto a folder, or (pinned) to another pin's place.
 */
export function ThreadListItem({
  thread,
  current,
  list,
  selecting,
  selected = false,
  onSelect,
  onDelete,
  onAction,
  canMoveUp = false,
  canMoveDown = false,
  onDropPinned,
}: ThreadListItemProps) {
  const { t } = useLingui();
  const [over, setOver] = useState(false);
  const titleId = useId();
  const title = thread.title;
  const pinned = thread.pinned === true;
  const drop =
    pinned && onDropPinned
      ? dropTarget(
          (what) => what.kind === 'thread' && what.pinned && what.list === list && what.id !== thread.id,
          setOver,
          (what) => onDropPinned(what.id),
        )
      : {};
  return (
    <li
      className={cn('group relative rounded-lg', over && 'ring-2 ring-accent')}
      data-testid="thread-item"
      data-pinned={pinned || undefined}
      {...drop}
    >
      {selecting && (
        <input
          type="checkbox"
          checked={selected}
          onChange={(e) => onSelect?.(thread, e.target.checked)}
          aria-label={t`Select ${title}`}
          className="absolute top-1/2 start-2.5 size-4 -translate-y-1/2 cursor-pointer accent-accent-fill"
        />
      )}
      <Link
        to={`/thread/${thread.id}`}
        aria-current={current ? 'page' : undefined}
        draggable={!selecting}
        onDragStart={(event) => startDrag(event, { kind: 'thread', id: thread.id, list, pinned })}
        onDragEnd={endDrag}
        className={cn(
          'flex flex-col gap-0.5 rounded-lg px-3 py-2 pe-10 transition-colors',
          selecting && 'ps-9',
          current ? 'bg-surface-2 text-fg' : 'text-muted hover:bg-surface-2/60 hover:text-fg',
        )}
      >
        <span className="flex min-w-0 items-center gap-2">
          {pinned && (
            <>
              <Pin className="size-3.5 shrink-0 rotate-45 text-accent-ink" aria-hidden />
              <span className="sr-only">
                <Trans>Pinned:</Trans>
              </span>
            </>
          )}
          <span id={titleId} dir="auto" className="truncate text-sm font-medium">
            {localizeThreadTitle(thread.title)}
          </span>
          {thread.title === DEFAULT_THREAD_TITLE && (
            <Badge tone="accent">
              <Trans>New</Trans>
            </Badge>
          )}
        </span>
        <span className="text-xs text-muted">{formatDate(thread.created_at)}</span>
      </Link>
      <div className="absolute top-1/2 end-1.5 -translate-y-1/2">
        {selecting ? (
          <button
            type="button"
            onClick={() => onDelete(thread)}
            aria-label={t`Delete ${title}`}
            className="inline-flex size-8 items-center justify-center rounded-md text-danger transition hover:bg-danger/10"
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        ) : (
          onAction && (
            <ThreadMenu
              thread={thread}
              titleId={titleId}
              canMoveUp={canMoveUp}
              canMoveDown={canMoveDown}
              onAction={(action) => onAction(thread, action)}
            />
          )
        )}
      </div>
    </li>
  );
}
