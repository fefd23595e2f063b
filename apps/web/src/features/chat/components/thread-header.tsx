import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { PanelLeft, Plus, SlidersHorizontal, Trash2 } from 'lucide-react';
import { memo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ThreadShareActions } from '@/features/share/components/thread-share-actions';
import { IconButton } from '@/components/ui/icon-button';
import { formatDate } from '../format-date';
import { ThreadTitle } from './thread-title';

export interface ThreadHeaderProps {
  threadId: number | null;
  title: string;
  createdAt: string | null;
  messageCount: number;
  /** Credits paid for every reply of the thread, every version included. */
  totalCredits?: number;
  /** Opens the thread's settings (system prompt and parameters). */
  onOpenSettings?(): void;
  isGuest: boolean;
  panelOpen: boolean;
  onTogglePanel(): void;
  onRename(title: string): Promise<void>;
  onDelete(): Promise<void>;
  onNewChat(): void;
}

/** The open thread's header: panel toggle, editable title, date and message count, Delete (confirmed) and New chat. */
export const ThreadHeader = memo(function ThreadHeader({
  threadId,
  title,
  createdAt,
  messageCount,
  totalCredits,
  onOpenSettings,
  isGuest,
  panelOpen,
  onTogglePanel,
  onRename,
  onDelete,
  onNewChat,
}: ThreadHeaderProps) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const date = formatDate(createdAt);
  return (
    // On a phone the title has the whole first row, and the buttons share the second with the date;
    // from 640 px the buttons sit beside the title and the date.
    <div
      className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-2 border-b border-border px-3 py-2 sm:px-4"
      data-testid="thread-header"
    >
      <IconButton
        label={panelOpen ? t`Hide chats` : t`Show chats`}
        aria-expanded={panelOpen}
        size="sm"
        icon={<PanelLeft className="rtl:-scale-x-100" />}
        onClick={onTogglePanel}
        className="sm:row-span-2"
      />
      <div className="col-span-2 flex min-w-0 sm:col-span-1">
        <ThreadTitle key={`${threadId}:${title}`} title={title} editable={threadId !== null} onRename={onRename} />
      </div>
      <p className="col-span-2 truncate text-xs text-muted sm:col-span-1 sm:col-start-2">
        {date && (
          <span>
            <Trans>Created {date}</Trans> ·{' '}
          </span>
        )}
        <span data-testid="message-count">
          <Plural value={messageCount} one="# message" other="# messages" />
        </span>
        {totalCredits !== undefined && totalCredits > 0 && (
          <span data-testid="thread-credits" title={t`Credits paid for every reply in this thread, every version included`}>
            {' '}
            · <Plural value={totalCredits} one="# credit" other="# credits" />
          </span>
        )}
      </p>
      <div className="col-start-3 row-start-2 flex items-center gap-2 sm:row-span-2 sm:row-start-1">
        {threadId !== null && messageCount > 0 && <ThreadShareActions threadId={threadId} canShare={!isGuest} />}
        {threadId !== null && onOpenSettings && (
          <IconButton label={t`Thread settings`} size="sm" icon={<SlidersHorizontal />} onClick={onOpenSettings} />
        )}
        {threadId !== null && (
          <IconButton
            label={t`Delete thread`}
            size="sm"
            icon={<Trash2 />}
            onClick={() => setConfirming(true)}
            className="hover:text-danger"
          />
        )}
        {!isGuest && (
          <Button variant="secondary" size="sm" aria-label={t`New chat`} icon={<Plus className="size-4" aria-hidden />} onClick={onNewChat}>
            <span className="hidden sm:inline">
              <Trans>New chat</Trans>
            </span>
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Delete thread`}
        message={t`Delete "${title}"? Its messages will be removed. This cannot be undone.`}
        confirmLabel={t`Delete`}
        tone="danger"
        onConfirm={onDelete}
      />
    </div>
  );
});
