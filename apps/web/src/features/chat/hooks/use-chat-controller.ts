import { GUEST_USER_ID } from '@ensemble/shared';
import { useCallback, useMemo, useState } from 'react';
import { useSession } from '@/features/session';
import { useModels } from '@/lib/models';
import { messageCount } from '../chat-messages';
import type { ChatBanner } from '../types';
import { type ChatIdentity, useChatThread } from './use-chat-thread';
import { useChatSender } from './use-chat-sender';
import { useMessageActions } from './use-message-actions';
import { useThreadActions } from './use-thread-actions';

/** Everything the chat screen shows and can do, in one object. */
export function useChatController() {
  const { user } = useSession();
  const who: ChatIdentity = useMemo(() => ({ userId: user?.id ?? GUEST_USER_ID, isGuest: !user }), [user]);
  const { find } = useModels();
  const [banner, setBannerState] = useState<ChatBanner | null>(null);
  const setBanner = useCallback((b: ChatBanner | null) => setBannerState(b), []);
  const thread = useChatThread(who, setBanner);
  const sender = useChatSender(who, thread, (id) => find(id), setBanner);
  const messageActions = useMessageActions(who, thread, setBanner);
  const threadActions = useThreadActions(who, thread, setBanner);

  return {
    who,
    threadId: thread.threadId,
    threadRef: thread.threadRef,
    title: thread.title,
    setTitle: thread.setTitle,
    createdAt: thread.createdAt,
    messages: thread.messages,
    messageCount: messageCount(thread.messages) + thread.earlier,
    /** Messages of the branch still on the server, before the first one loaded. */
    earlier: thread.earlier,
    loadEarlier: thread.loadEarlier,
    info: thread.info,
    setInfo: thread.setInfo,
    loadingThread: thread.loadingThread,
    banner,
    setBanner,
    queue: sender.queue,
    busy: sender.queue.processing || sender.queue.pending > 0,
    send: sender.send,
    /** A reply is streaming: Stop (or Escape) ends it. */
    streaming: sender.streaming,
    stop: sender.stop,
    openThread: thread.openThread,
    resetChat: thread.resetChat,
    createAndOpen: thread.createAndOpen,
    ...messageActions,
    ...threadActions,
  };
}

/** The chat controller's shape. */
export type ChatController = ReturnType<typeof useChatController>;
