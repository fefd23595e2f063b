import { type ModelType, normalizeAspectRatio, type ThreadSettings } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ErrorBanner } from '@/components/ui/error-banner';
import { LoadingScreen } from '@/components/ui/spinner';
import { selectCurrentModel, usePreferences } from '@/features/preferences';
import { useSearchTarget } from '@/features/search';
import { useFrontendConfig, useSession } from '@/features/session';
import { useModels } from '@/lib/models';
import { useAssistantChat } from '../hooks/use-assistant-chat';
import { useChatController } from '../hooks/use-chat-controller';
import { useChatEvents } from '../hooks/use-chat-events';
import { useChatShortcuts } from '../hooks/use-chat-shortcuts';
import { useSidePanel } from '../hooks/use-side-panel';
import { useThreadRouting } from '../hooks/use-thread-routing';
import { isTemporaryId } from '../message-id';
import type { ChatMessage, SendRequest } from '../types';
import { AssistantBadge } from './assistant-badge';
import { ChatInputBar } from './chat-input-bar';
import { ChatSidePanel } from './chat-side-panel';
import { EmptyChat } from './empty-chat';
import { getThreadSettings, saveThreadSettings } from '../api/thread-settings';
import { MessageList } from './message-list';
import type { BranchActions } from './message-item';
import { StatusLine } from './status-line';
import { ThreadHeader } from './thread-header';

// The thread's settings are opened now and then: their form is a chunk of its own, fetched when first opened.
const loadSettingsDialog = () => import('./thread-settings-dialog');
const ThreadSettingsDialog = lazy(async () => ({ default: (await loadSettingsDialog()).ThreadSettingsDialog }));
// A chat started from an assistant opens on its starters (issue 40): a chunk of its own, as few chats start so.
const AssistantIntro = lazy(async () => ({ default: (await import('./assistant-intro')).AssistantIntro }));

/** The chat screen of core.md section 2: side panel, thread header, messages or the empty state, banner, status and input. */
export function ChatScreen() {
  const { t } = useLingui();
  const chat = useChatController();
  const frontend = useFrontendConfig();
  useThreadRouting(chat);
  useChatEvents(chat);
  useChatShortcuts(chat);
  const searchTarget = useSearchTarget();
  const panel = useSidePanel();
  const { user } = useSession();
  const { find, catalogue } = useModels();
  const findModel = useCallback((id: string | null) => find(id), [find]);
  const { threadId, title, messages } = chat;
  // "Search the web" (issue 38): the thread's setting, kept on the server; before the thread exists, held here and
  // saved on the thread the first message makes. Every send from this screen (a pick, Regenerate, Retry) follows it.
  const [pendingSearch, setPendingSearch] = useState(false);
  const searchOn = threadId === null ? pendingSearch : chat.info.settings.web_search;
  // A chat started from an assistant (issue 40): its model and web search, its starters; its first message names it.
  const { setInfo: setThreadInfo, setBanner: setChatBanner } = chat;
  const assistantChat = useAssistantChat({
    threadId,
    threadAssistant: chat.info.assistant,
    onLoaded: (a) => {
      usePreferences.getState().selectModel(a.model_id);
      setPendingSearch(a.web_search);
    },
    onStarted: (settings) => setThreadInfo((info) => ({ ...info, settings })),
    onError: (error) => setChatBanner({ message: error instanceof Error ? error.message : String(error), variant: 'error' }),
  });
  const { withAssistant } = assistantChat;
  const send = useCallback(
    (request: SendRequest) => {
      const named = withAssistant(request);
      // The server gives the thread the assistant's web search with its first message: nothing is left to save here.
      if (named.assistantId) setPendingSearch(false);
      return chat.send(searchOn && request.type === 'text' ? { ...named, webSearch: true } : named);
    },
    [chat.send, searchOn, withAssistant],
  );

  // A search result's message older than the page loaded: load the whole shown branch first, once.
  const targetLoaded = searchTarget !== null && messages.some((m) => m.id === searchTarget.id);
  const wholeFor = useRef<string | null>(null);
  const needsWhole =
    searchTarget !== null && searchTarget.threadId === threadId && !chat.loadingThread && !targetLoaded && chat.earlier > 0;
  useEffect(() => {
    if (!needsWhole || !searchTarget || wholeFor.current === searchTarget.key) return;
    wholeFor.current = searchTarget.key;
    void chat.openThread(searchTarget.threadId, { wholeBranch: true });
  }, [needsWhole, searchTarget, chat.openThread]);
  const openAt =
    searchTarget && searchTarget.threadId === threadId && !chat.loadingThread && (targetLoaded || chat.earlier === 0) ? searchTarget : null;

  const handlePick = (prompt: string, type: ModelType) => {
    const prefs = usePreferences.getState();
    if (prefs.messageType !== type) prefs.setMessageType(type);
    const now = usePreferences.getState();
    send({ prompt, model: selectCurrentModel(now), type, aspectRatio: now.aspectRatio });
  };

  // Read at the time of the click: handlers that change with every chunk would render every message again.
  const messagesNow = useRef(messages);
  messagesNow.current = messages;
  const handleRegenerate = useCallback(
    (message: ChatMessage) => {
      const messages = messagesNow.current;
      const index = messages.findIndex((m) => m.id === message.id);
      const asked = [...messages.slice(0, Math.max(0, index))].reverse().find((m) => m.sender === 'user')?.content;
      const prompt = message.metadata?.prompt ?? message.prompt ?? asked ?? '';
      const aspectRatio = message.metadata?.aspectRatio
        ? normalizeAspectRatio(message.metadata.aspectRatio)
        : usePreferences.getState().aspectRatio;
      // A stored picture gets its new one as a sibling version.
      const regenerateId = isTemporaryId(message.id) ? undefined : message.id;
      send({ prompt, model: message.model ?? usePreferences.getState().selectedImageModel, type: 'image', aspectRatio, regenerateId });
    },
    [send],
  );

  // A cut reply is asked again: the question before it, to the same model.
  const handleRetry = useCallback(
    (message: ChatMessage) => {
      const messages = messagesNow.current;
      const index = messages.findIndex((m) => m.id === message.id);
      const asked = [...messages.slice(0, Math.max(0, index))].reverse().find((m) => m.sender === 'user')?.content;
      if (!asked) return;
      const prefs = usePreferences.getState();
      send({ prompt: asked, model: message.model ?? selectCurrentModel(prefs), type: 'text', aspectRatio: prefs.aspectRatio });
    },
    [send],
  );

  const [settingsOpen, setSettingsOpen] = useState(false);
  // The settings offer what the chosen text model honours, within its limits.
  const settingsModel = find(
    usePreferences((s) => s.selectedTextModel),
    'text',
  );
  const branch: BranchActions = useMemo(
    () => ({
      textModels: catalogue.text_models,
      onRegenerateWith: (message, modelId) => {
        const prefs = usePreferences.getState();
        send({ prompt: message.prompt ?? '·', model: modelId, type: 'text', aspectRatio: prefs.aspectRatio, regenerateId: message.id });
      },
      onSubmitEdit: (message, content) => {
        const prefs = usePreferences.getState();
        const model = findModel(message.model)?.type === 'text' ? (message.model as string) : selectCurrentModel(prefs);
        const files = message.metadata?.attachments;
        send({
          prompt: content,
          model,
          type: 'text',
          aspectRatio: prefs.aspectRatio,
          parentId: message.parentId ?? 0,
          ...(files?.length ? { resendAttachments: files } : {}),
        });
      },
      onSwitch: (id) => void chat.switchVersion(id),
    }),
    [catalogue.text_models, chat.switchVersion, findModel, send],
  );
  // Read fresh: another device, or an account's default prompt applied at creation, may have set them.
  const { who, setInfo, newChat, deleteThread } = chat;
  const openSettings = useCallback(async () => {
    // The form's chunk downloads while the settings are read.
    loadSettingsDialog().catch(() => {});
    if (threadId !== null) {
      try {
        const res = await getThreadSettings(threadId, who.userId);
        setInfo((info) => ({ ...info, settings: res.settings }));
      } catch {
        // The last known settings are shown; saving still works.
      }
    }
    setSettingsOpen(true);
  }, [threadId, who.userId, setInfo]);
  const settingsNow = useRef(chat.info.settings);
  settingsNow.current = chat.info.settings;
  const { setBanner } = chat;
  const userId = who.userId;
  const setWebSearch = useCallback(
    (on: boolean) => {
      if (threadId === null) {
        setPendingSearch(on);
        return;
      }
      const before = settingsNow.current;
      setInfo((info) => ({ ...info, settings: { ...info.settings, web_search: on } }));
      saveThreadSettings(threadId, userId, { ...before, web_search: on }).then(
        (res) => setInfo((info) => ({ ...info, settings: res.settings })),
        () => {
          setInfo((info) => ({ ...info, settings: { ...info.settings, web_search: !on } }));
          setBanner({ message: t`Web search could not be turned on or off. Please try again.`, variant: 'error' });
        },
      );
    },
    [threadId, userId, setInfo, setBanner, t],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the first message has made the thread
  useEffect(() => {
    if (threadId === null || !pendingSearch) return;
    setPendingSearch(false);
    setWebSearch(true);
  }, [threadId]);

  const saveSettings = async (settings: ThreadSettings) => {
    if (threadId === null) return;
    const res = await saveThreadSettings(threadId, chat.who.userId, settings);
    chat.setInfo((info) => ({ ...info, settings: res.settings }));
  };
  // The header and the side panel get the same handlers from chunk to chunk of a streaming reply,
  // so they are not rendered again with each one.
  const handleOpenSettings = useCallback(() => void openSettings(), [openSettings]);
  const handleDeleteThread = useCallback(
    () => (threadId === null ? Promise.resolve() : deleteThread(threadId, title)),
    [threadId, title, deleteThread],
  );
  const handleNewChat = useCallback(() => void newChat(), [newChat]);
  const closePanel = useCallback(() => panel.setOpen(false), [panel.setOpen]);

  const showEmpty = messages.length === 0 && !chat.loadingThread;
  return (
    <div className="flex h-[calc(100dvh-4rem-1px)] min-h-0 w-full">
      <ChatSidePanel
        open={panel.open}
        wide={panel.wide}
        isGuest={chat.who.isGuest}
        onClose={closePanel}
        currentId={threadId}
        onNewThread={handleNewChat}
        onDeleteThread={chat.deleteThread}
      />
      <section className="flex min-w-0 flex-1 flex-col" aria-label={t`Conversation`}>
        <h1 className="sr-only">
          <Trans>Chat</Trans>
        </h1>
        <ThreadHeader
          threadId={threadId}
          title={title}
          createdAt={chat.createdAt}
          messageCount={chat.messageCount}
          totalCredits={chat.info.totalCredits}
          onOpenSettings={handleOpenSettings}
          isGuest={chat.who.isGuest}
          panelOpen={panel.open}
          onTogglePanel={panel.toggle}
          onRename={chat.renameThread}
          onDelete={handleDeleteThread}
          onNewChat={handleNewChat}
        />
        {chat.loadingThread && messages.length === 0 ? (
          <LoadingScreen label={t`Loading messages...`} />
        ) : showEmpty ? (
          <div className="min-h-0 flex-1 overflow-y-auto">
            {assistantChat.starting ? (
              <Suspense fallback={null}>
                <AssistantIntro
                  assistant={assistantChat.starting}
                  onPick={(prompt) => handlePick(prompt, usePreferences.getState().messageType)}
                />
              </Suspense>
            ) : assistantChat.awaiting ? null : (
              <EmptyChat onPick={handlePick} />
            )}
          </div>
        ) : (
          <MessageList
            key={threadId ?? 'new'}
            messages={messages}
            earlier={chat.earlier}
            onLoadEarlier={chat.loadEarlier}
            findModel={findModel}
            user={user}
            queued={chat.queue.pending}
            onEdit={chat.editMessage}
            onDelete={chat.deleteMessage}
            onRegenerate={handleRegenerate}
            onRetry={handleRetry}
            branch={branch}
            target={openAt}
          />
        )}
        {settingsOpen && (
          <Suspense fallback={null}>
            <ThreadSettingsDialog
              open
              onOpenChange={setSettingsOpen}
              settings={chat.info.settings}
              model={settingsModel}
              onSave={saveSettings}
              isGuest={chat.who.isGuest}
            />
          </Suspense>
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
          {assistantChat.shown && <AssistantBadge assistant={assistantChat.shown} />}
          <ChatInputBar
            onSend={send}
            streaming={chat.streaming}
            onStop={chat.stop}
            webSearch={searchOn}
            onWebSearchChange={setWebSearch}
            toolSteps={chat.info.settings.mcp_server_ids?.length ? frontend.config.max_tool_steps : undefined}
          />
        </div>
      </section>
    </div>
  );
}
