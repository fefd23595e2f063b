import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, memo, Suspense, useEffect, useRef } from 'react';
import { SaveConversationsPanel } from '@/components/save-conversations-panel';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { ThreadListPanelProps } from './thread-list-panel';

// Only accounts have a thread list (with its folders, menus and drag and drop): its code loads for them, not with the
// chat page every guest opens (the first-load budget, issue 37).
const loadList = () => import('./thread-list-panel');
const ThreadListPanel = lazy(async () => ({ default: (await loadList()).ThreadListPanel }));

/**
 * The chat's side panel: Your Chats for accounts, 'Save Your Conversations' for guests. Beside
 * the chat from 768 px; over it, with a backdrop, on a phone, where Escape or a tap outside closes it.
 */
export const ChatSidePanel = memo(function ChatSidePanel({
  open,
  wide,
  isGuest,
  onClose,
  ...list
}: ThreadListPanelProps & { open: boolean; wide: boolean; isGuest: boolean; onClose(): void }) {
  const { t } = useLingui();
  // The latest onClose (a new function each render), so the listener below lives as long as the drawer.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!isGuest) void loadList();
  }, [isGuest]);
  useEffect(() => {
    if (!open || wide) return;
    // The focus goes back to what opened the drawer (its toggle), not to the page's start.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // A dialog or menu (over the drawer or inside it) closes first, on its own Escape.
      if (document.querySelector('[role="dialog"],[role="alertdialog"],[role="menu"]')) return;
      event.preventDefault();
      close.current();
      opener?.focus();
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [open, wide]);
  if (!open) return null;
  return (
    <>
      {!wide && <div aria-hidden className="fixed inset-0 top-16 z-30 bg-overlay" onClick={onClose} />}
      <aside
        aria-label={isGuest ? t`Account` : t`Your chats`}
        data-testid="chat-side-panel"
        className={cn(
          'flex w-72 shrink-0 flex-col border-e border-border bg-bg',
          wide ? 'relative' : 'fixed top-16 bottom-0 start-0 z-40 shadow-2xl shadow-black/40',
        )}
      >
        {isGuest ? (
          <div className="p-4">
            <SaveConversationsPanel />
          </div>
        ) : (
          <Suspense
            fallback={
              <p className="flex items-center gap-2 px-3 py-4 text-sm text-muted">
                <Spinner size="sm" /> <Trans>Loading threads...</Trans>
              </p>
            }
          >
            <ThreadListPanel {...list} />
          </Suspense>
        )}
      </aside>
    </>
  );
});
