import { MESSAGES } from '@ensemble/shared';
import { useCallback } from 'react';
import { emitBrowserEvent } from '@/lib/browser-events';
import { deleteMessage } from '../api/delete-message';
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
    },
    [setBanner, setMessages, threadRef, who.userId],
  );

  return { editMessage, deleteMessage: removeOne };
}
