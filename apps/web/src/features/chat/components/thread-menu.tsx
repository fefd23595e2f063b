import { Trans, useLingui } from '@lingui/react/macro';
import type { Thread } from '@ensemble/shared';
import { Archive, ArrowDown, ArrowUp, FolderInput, MoreHorizontal, Pin, PinOff, Trash2 } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';

/** What a chat's menu can do. */
export type ThreadAction = 'pin' | 'unpin' | 'up' | 'down' | 'move' | 'archive' | 'delete';

/** A chat's menu in the side panel: Pin or Unpin (and Move up/down for pins), Move to folder…, Archive, Delete. */
export function ThreadMenu({
  thread,
  titleId,
  canMoveUp,
  canMoveDown,
  onAction,
}: {
  thread: Thread;
  /** The element showing the chat's title, which describes the menu's button. */
  titleId: string;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onAction(action: ThreadAction): void;
}) {
  const { t } = useLingui();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        // Named without the title (which describes it): a name holding it would also answer to a search for the chat.
        aria-label={t`Chat options`}
        aria-describedby={titleId}
        title={t`Options`}
        className={cn(
          'inline-flex size-8 items-center justify-center rounded-md text-muted transition hover:bg-surface-2 hover:text-fg',
          // Shown on hover or focus where a pointer can hover; always on touch screens.
          'pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:group-focus-within:opacity-100 data-[state=open]:opacity-100',
        )}
      >
        <MoreHorizontal className="size-4" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {thread.pinned ? (
          <DropdownMenuItem icon={<PinOff />} onSelect={() => onAction('unpin')}>
            <Trans>Unpin</Trans>
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem icon={<Pin />} onSelect={() => onAction('pin')}>
            <Trans>Pin</Trans>
          </DropdownMenuItem>
        )}
        {thread.pinned && (
          <>
            <DropdownMenuItem icon={<ArrowUp />} disabled={!canMoveUp} onSelect={() => onAction('up')}>
              <Trans>Move up</Trans>
            </DropdownMenuItem>
            <DropdownMenuItem icon={<ArrowDown />} disabled={!canMoveDown} onSelect={() => onAction('down')}>
              <Trans>Move down</Trans>
            </DropdownMenuItem>
          </>
        )}
        <DropdownMenuItem icon={<FolderInput />} onSelect={() => onAction('move')}>
          <Trans>Move to folder…</Trans>
        </DropdownMenuItem>
        <DropdownMenuItem icon={<Archive />} onSelect={() => onAction('archive')}>
          <Trans>Archive</Trans>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem icon={<Trash2 />} tone="danger" onSelect={() => onAction('delete')}>
          <Trans>Delete</Trans>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
