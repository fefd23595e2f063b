import { SaveConversationsPanel } from '@/components/save-conversations-panel';
import { cn } from '@/lib/cn';
import { ThreadListPanel, type ThreadListPanelProps } from './thread-list-panel';

/**
 * The chat's side panel: Your Chats for accounts, 'Save Your Conversations' for guests. Beside
 * the chat from 768 px; over it, with a backdrop, on a phone.
 */
export function ChatSidePanel({
  open,
  wide,
  isGuest,
  onClose,
  ...list
}: ThreadListPanelProps & { open: boolean; wide: boolean; isGuest: boolean; onClose(): void }) {
  if (!open) return null;
  return (
    <>
      {!wide && <div aria-hidden className="fixed inset-0 top-16 z-30 bg-overlay" onClick={onClose} />}
      <aside
        aria-label={isGuest ? 'Account' : 'Your chats'}
        data-testid="chat-side-panel"
        className={cn(
          'flex w-72 shrink-0 flex-col border-r border-border bg-bg',
          wide ? 'relative' : 'fixed top-16 bottom-0 left-0 z-40 shadow-2xl shadow-black/40',
        )}
      >
        {isGuest ? (
          <div className="p-4">
            <SaveConversationsPanel />
          </div>
        ) : (
          <ThreadListPanel {...list} />
        )}
      </aside>
    </>
  );
}
