import { TIMEOUTS } from '@ensemble/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useBrowserEvent } from '@/lib/browser-events';
import { threadsQueryKey } from '../api/thread-keys';
import type { ChatController } from './use-chat-controller';
import { submitPendingHandoff } from './use-thread-routing';

/** The chat's answers to the window events of core.md section 4. */
export function useChatEvents(chat: ChatController): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useBrowserEvent('threadUpdated', () => {
    if (!chat.who.isGuest) void queryClient.invalidateQueries({ queryKey: threadsQueryKey });
  });
  useBrowserEvent('threadTitleUpdated', ({ threadId, newTitle }) => {
    if (threadId === chat.threadRef.current && newTitle) chat.setTitle(newTitle);
    if (!chat.who.isGuest)
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: threadsQueryKey }), TIMEOUTS.threadListRefreshMs);
  });
  useBrowserEvent('threadSelected', ({ threadId }) => {
    if (threadId && threadId !== chat.threadRef.current) navigate(`/thread/${threadId}`);
  });
  useBrowserEvent('createNewThread', ({ force }) => void chat.newChat(Boolean(force)));
  useBrowserEvent('submitPendingMessage', () => submitPendingHandoff(chat));
}
