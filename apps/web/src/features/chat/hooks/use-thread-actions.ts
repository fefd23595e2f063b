import { MESSAGES } from '@ensemble/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { emitBrowserEvent } from '@/lib/browser-events';
import { deleteThread } from '../api/delete-thread';
import { logActivity } from '../api/log-activity';
import { renameThread } from '../api/rename-thread';
import { cachedThreads, dropThreads } from '../api/thread-cache';
import type { ChatBanner } from '../types';
import type { ChatIdentity, useChatThread } from './use-chat-thread';

/** Renaming and deleting threads, and New chat (core.md sections 2 and 4). */
export function useThreadActions(who: ChatIdentity, thread: ReturnType<typeof useChatThread>, setBanner: (b: ChatBanner | null) => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { threadRef, setTitle, createAndOpen, refreshThreads, resetChat } = thread;

  /** Renames the open thread; rejects (keeping the editor open) when the save fails. */
  const rename = useCallback(
    async (requested: string): Promise<void> => {
      const id = threadRef.current;
      const title = requested.trim();
      if (id === null || !title) throw new Error(MESSAGES.updateThreadFailed);
      try {
        const stored = await renameThread(id, title, who.userId);
        setTitle(stored);
        emitBrowserEvent('threadTitleUpdated', { threadId: id, newTitle: stored });
        refreshThreads();
      } catch (error) {
        setBanner({ message: MESSAGES.updateThreadFailed, variant: 'error' });
        throw error;
      }
    },
    [refreshThreads, setBanner, setTitle, threadRef, who.userId],
  );

  /** Deletes a thread and logs it; leaving the open one opens the first remaining, or a new thread. */
  const remove = useCallback(
    async (id: number, title: string): Promise<void> => {
      try {
        await deleteThread(id);
      } catch (error) {
        setBanner({ message: error instanceof Error && error.message ? error.message : MESSAGES.updateThreadFailed, variant: 'error' });
        throw error;
      }
      void logActivity('thread', `Deleted thread "${title}"`);
      const remaining = cachedThreads(queryClient).filter((t) => t.id !== id);
      dropThreads(queryClient, [id]);
      refreshThreads();
      if (threadRef.current !== id) return;
      const next = who.isGuest ? undefined : remaining[0];
      if (next) {
        navigate(`/thread/${next.id}`, { replace: true });
        return;
      }
      resetChat();
      try {
        await createAndOpen({ force: true });
      } catch {
        setBanner({ message: MESSAGES.createNewThreadFailed, variant: 'error' });
      }
    },
    [createAndOpen, navigate, queryClient, refreshThreads, resetChat, setBanner, threadRef, who.isGuest],
  );

  /** New chat: an empty thread (an existing empty 'New Thread' is reused), opened in a new history entry. */
  const newChat = useCallback(
    async (force = false): Promise<void> => {
      resetChat();
      try {
        await createAndOpen({ force, replace: false });
      } catch {
        setBanner({ message: MESSAGES.createNewThreadFailed, variant: 'error' });
      }
    },
    [createAndOpen, resetChat, setBanner],
  );

  return { renameThread: rename, deleteThread: remove, newChat };
}
