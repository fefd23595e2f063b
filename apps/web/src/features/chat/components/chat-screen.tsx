import { type ModelType, normalizeAspectRatio } from '@ensemble/shared';
import { useCallback } from 'react';
import { ErrorBanner } from '@/components/ui/error-banner';
import { LoadingScreen } from '@/components/ui/spinner';
import { selectCurrentModel, usePreferences } from '@/features/preferences';
import { useSession } from '@/features/session';
import { useModels } from '@/lib/models';
import { useChatController } from '../hooks/use-chat-controller';
import { useChatEvents } from '../hooks/use-chat-events';
import { useSidePanel } from '../hooks/use-side-panel';
import { useThreadRouting } from '../hooks/use-thread-routing';
import type { ChatMessage } from '../types';
import { ChatInputBar } from './chat-input-bar';
import { ChatSidePanel } from './chat-side-panel';
import { EmptyChat } from './empty-chat';
import { MessageList } from './message-list';
import { StatusLine } from './status-line';
import { ThreadHeader } from './thread-header';

/** The chat screen of core.md section 2: side panel, thread header, messages or the empty state, banner, status and input. */
export function ChatScreen() {
  const chat = useChatController();
  useThreadRouting(chat);
  useChatEvents(chat);
  const panel = useSidePanel();
  const { user } = useSession();
  const { find } = useModels();
  const findModel = useCallback((id: string | null) => find(id), [find]);
  const { send, threadId, title, messages } = chat;

  const handlePick = (prompt: string, type: ModelType) => {
    const prefs = usePreferences.getState();
    if (prefs.messageType !== type) prefs.setMessageType(type);
    const now = usePreferences.getState();
    send({ prompt, model: selectCurrentModel(now), type, aspectRatio: now.aspectRatio });
  };

  const handleRegenerate = useCallback(
    (message: ChatMessage) => {
      const index = messages.findIndex((m) => m.id === message.id);
      const asked = [...messages.slice(0, Math.max(0, index))].reverse().find((m) => m.sender === 'user')?.content;
      const prompt = message.metadata?.prompt ?? message.prompt ?? asked ?? '';
      const aspectRatio = message.metadata?.aspectRatio
        ? normalizeAspectRatio(message.metadata.aspectRatio)
        : usePreferences.getState().aspectRatio;
      send({ prompt, model: message.model ?? usePreferences.getState().selectedImageModel, type: 'image', aspectRatio });
    },
    [messages, send],
  );

  // A cut reply is asked again: the question before it, to the same model.
  const handleRetry = useCallback(
    (message: ChatMessage) => {
      const index = messages.findIndex((m) => m.id === message.id);
      const asked = [...messages.slice(0, Math.max(0, index))].reverse().find((m) => m.sender === 'user')?.content;
      if (!asked) return;
      const prefs = usePreferences.getState();
      send({ prompt: asked, model: message.model ?? selectCurrentModel(prefs), type: 'text', aspectRatio: prefs.aspectRatio });
    },
    [messages, send],
  );

  const showEmpty = messages.length === 0 && !chat.loadingThread;
  return (
    <div className="flex h-[calc(100dvh-4rem-1px)] min-h-0 w-full">
      <ChatSidePanel
        open={panel.open}
        wide={panel.wide}
        isGuest={chat.who.isGuest}
        onClose={() => panel.setOpen(false)}
        currentId={threadId}
        onNewThread={() => void chat.newChat()}
        onDeleteThread={chat.deleteThread}
      />
      <section className="flex min-w-0 flex-1 flex-col" aria-label="Conversation">
        <h1 className="sr-only">Chat</h1>
        <ThreadHeader
          threadId={threadId}
          title={title}
          createdAt={chat.createdAt}
          messageCount={chat.messageCount}
          isGuest={chat.who.isGuest}
          panelOpen={panel.open}
          onTogglePanel={panel.toggle}
          onRename={chat.renameThread}
          onDelete={() => (threadId === null ? Promise.resolve() : chat.deleteThread(threadId, title))}
          onNewChat={() => void chat.newChat()}
        />
        {chat.loadingThread && messages.length === 0 ? (
          <LoadingScreen label="Loading messages..." />
        ) : showEmpty ? (
          <div className="min-h-0 flex-1 overflow-y-auto">
            <EmptyChat onPick={handlePick} />
          </div>
        ) : (
          <MessageList
            key={threadId ?? 'new'}
            messages={messages}
            findModel={findModel}
            user={user}
            queued={chat.queue.pending}
            onEdit={chat.editMessage}
            onDelete={chat.deleteMessage}
            onRegenerate={handleRegenerate}
            onRetry={handleRetry}
          />
        )}
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-2 px-3 pt-2 pb-3 sm:px-6">
          {chat.banner && (
            <ErrorBanner
              message={chat.banner.message}
              variant={chat.banner.variant}
              actionHref={chat.banner.actionHref}
              onDismiss={() => chat.setBanner(null)}
            />
          )}
          <StatusLine queue={chat.queue} />
          <ChatInputBar onSend={send} streaming={chat.streaming} onStop={chat.stop} />
        </div>
      </section>
    </div>
  );
}
