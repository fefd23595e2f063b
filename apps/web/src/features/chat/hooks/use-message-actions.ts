import { t } from '@lingui/core/macro';
import { MESSAGES } from '@ensemble/shared';
import { useCallback } from 'react';
import { emitBrowserEvent } from '@/lib/browser-events';
import { deleteMessage } from '../api/delete-message';
import { switchBranch } from '../api/switch-branch';
import { updateMessage } from '../api/update-message';
import { patchMessage, removeMessage } from '../chat-messages';
import { isTemporaryId } from '../message-id';
import type { ChatBanner } from '../types';
import type { ChatIdentity, useChatThread } from './use-chat-thread';

/** Editing and deleting single messages ('Failed to edit message' / 'Failed to delete message' on failure). */
export function useMessageActions(who: ChatIdentity, thread: ReturnType<typeof useChatThread>, setBanner: (b: ChatBanner | null) => void) {
  const { setMessages, threadRef } = thread;

  /** Saves new content; false when it is blank or the save failed. */
  const editMessage = useCallback(
    async (id: number, content: string): Promise<boolean> => {
      const text = content.trim();
      if (!id || !text) return false;
      try {
        if (isTemporaryId(id)) throw new Error('not stored yet');
        await updateMessage(id, text, threadRef.current, who.userId);
      } catch {
        setBanner({ message: MESSAGES.editFailed, variant: 'error' });
        return false;
      }
      setMessages((list) => patchMessage(list, id, { content: text, local: false }));
      emitBrowserEvent('messageUpdate', { threadId: threadRef.current ?? undefined, messageId: id });
      return true;
    },
    [setBanner, setMessages, threadRef, who.userId],
  );

  const removeOne = useCallback(
    async (id: number): Promise<void> => {
      try {
        if (isTemporaryId(id)) throw new Error('not stored yet');
        await deleteMessage(id, who.userId);
      } catch {
        setBanner({ message: MESSAGES.deleteMessageFailed, variant: 'error' });
        return;
      }
      setMessages((list) => removeMessage(list, id));
      emitBrowserEvent('messageUpdate', { threadId: threadRef.current ?? undefined, messageId: id });
      // Everything below it went too, and another version may show now: take the server's view.
      if (threadRef.current !== null) await thread.openThread(threadRef.current);
    },
    [setBanner, setMessages, thread, threadRef, who.userId],
  );

  /** Shows another version at a place of the thread (the server keeps it, so other devices see it too). */
  const switchVersion = useCallback(
    async (id: number): Promise<void> => {
      try {
        thread.showView(await switchBranch(id, who.userId));
      } catch {
        setBanner({ message: t`Failed to show that version`, variant: 'error' });
      }
    },
    [setBanner, thread, who.userId],
  );

  return { editMessage, deleteMessage: removeOne, switchVersion };
}
