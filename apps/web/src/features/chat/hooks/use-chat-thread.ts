import {
  DEFAULT_THREAD_TITLE,
  type GetMessagesResponse,
  MESSAGES,
  SESSION_KEYS,
  type ThreadAssistant,
  type ThreadSettings,
} from '@ensemble/shared';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { emitBrowserEvent } from '@/lib/browser-events';
import { chatStreamUrl, readChatStream } from '@/lib/event-stream';
import { usePreferences } from '@/features/preferences';
import { sessionStore } from '@/lib/storage';
import { createThread } from '../api/create-thread';
import { getMessages } from '../api/get-messages';
import { mergeLoaded, patchMessage, toChatMessage } from '../chat-messages';
import type { ChatBanner, ChatMessage } from '../types';

/** What the server says about the open thread beyond its messages (issue 14). */
export interface ThreadInfo {
  /** Credits paid for every reply, every version included. */
  totalCredits: number;
  settings: ThreadSettings;
  /** The assistant the thread was started with (issue 40); null when none or deleted, undefined until the server says. */
  assistant?: ThreadAssistant | null;
}

/** How many messages opening a thread (and each 'Load earlier messages' past them) asks the server for. */
export const MESSAGES_PAGE = 50;

const NO_INFO: ThreadInfo = {
  totalCredits: 0,
  settings: { system_prompt: null, temperature: null, max_output_tokens: null, web_search: false },
};

/** The thread info a get_messages answer carries. */
export function threadInfoOf(res: GetMessagesResponse): ThreadInfo {
  const t = res.thread;
  return {
    totalCredits: t.total_credits ?? 0,
    settings: {
      system_prompt: t.system_prompt ?? null,
      temperature: t.temperature ?? null,
      max_output_tokens: t.max_output_tokens ?? null,
      web_search: t.web_search ?? false,
      mcp_server_ids: t.mcp_server_ids ?? [],
    },
    assistant: t.assistant ?? null,
  };
}

/** Who is chatting: -1 and guest for anonymous visitors. */
export interface ChatIdentity {
  userId: number;
  isGuest: boolean;
}

/**
 * The open thread and its messages: opening (with the 403 / failed-load rule), resetting,
 * creating on demand. `epoch` changes whenever the chat switches to another conversation, so
 * late answers for the previous one are ignored.
 */
export function useChatThread(who: ChatIdentity, setBanner: (b: ChatBanner | null) => void) {
  const navigate = useNavigate();
  const [threadId, setThreadIdState] = useState<number | null>(null);
  const [title, setTitle] = useState(DEFAULT_THREAD_TITLE);
  const [createdAt, setCreatedAt] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loadingThread, setLoadingThread] = useState(false);
  const [info, setInfo] = useState<ThreadInfo>(NO_INFO);
  /** Messages of the shown branch older than the first one loaded (still on the server). */
  const [earlier, setEarlier] = useState(0);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const threadRef = useRef<number | null>(null);
  const epoch = useRef(0);
  const forceNew = useRef(false);
  const whoRef = useRef(who);
  whoRef.current = who;

  const setThreadId = useCallback((id: number | null) => {
    threadRef.current = id;
    setThreadIdState(id);
    if (id !== null && whoRef.current.isGuest) sessionStore.setString(SESSION_KEYS.anonymousThreadId, String(id));
  }, []);

  // The list refreshes on thread-updated (useChatEvents), whoever emits it.
  const refreshThreads = useCallback(() => {
    emitBrowserEvent('threadUpdated', { threadId: threadRef.current ?? undefined });
  }, []);

  /** Creates a thread (forced after a reset, or when asked), makes it current and moves the URL to it. */
  const createAndOpen = useCallback(
    async (options: { title?: string; force?: boolean; replace?: boolean } = {}): Promise<number> => {
      const { userId, isGuest } = whoRef.current;
      const force = options.force ?? forceNew.current;
      // A guest's default system prompt lives in this browser; an account's is applied by the server.
      const guestPrompt = isGuest ? usePreferences.getState().defaultSystemPrompt.trim() : '';
      const res = await createThread({
        user_id: userId,
        title: options.title,
        is_anonymous: isGuest,
        force,
        ...(guestPrompt ? { system_prompt: guestPrompt } : {}),
      });
      setInfo({ totalCredits: 0, settings: { ...NO_INFO.settings, system_prompt: guestPrompt || null } });
      forceNew.current = false;
      setThreadId(res.thread_id);
      setTitle(res.thread.title);
      setCreatedAt(res.thread.created_at);
      refreshThreads();
      navigate(`/thread/${res.thread_id}`, { replace: options.replace ?? true });
      return res.thread_id;
    },
    [navigate, refreshThreads, setThreadId],
  );

  /** The thread to send in: the open one, or a new one. */
  const ensureThread = useCallback(async () => threadRef.current ?? createAndOpen(), [createAndOpen]);

  /** Clears the chat; the next send creates a fresh thread (a guest's stored thread is forgotten). */
  const resetChat = useCallback(() => {
    epoch.current++;
    forceNew.current = true;
    if (whoRef.current.isGuest) sessionStore.remove(SESSION_KEYS.anonymousThreadId);
    setThreadId(null);
    setTitle(DEFAULT_THREAD_TITLE);
    setCreatedAt(null);
    setMessages([]);
    setEarlier(0);
    setInfo(NO_INFO);
    setLoadingThread(false);
  }, [setThreadId]);

  /** Follows a reply that was still being written when the thread loaded (e.g. after a reload). */
  const resumeStream = useCallback((message: ChatMessage, mine: number) => {
    const streamId = typeof message.metadata?.stream_id === 'string' ? message.metadata.stream_id : null;
    const update = (patch: Partial<ChatMessage>) => {
      if (epoch.current === mine) setMessages((list) => patchMessage(list, message.id, patch));
    };
    if (!streamId) return update({ streaming: false });
    readChatStream(chatStreamUrl(streamId, message.model ?? '', message.id), { onDelta: (_d, content) => update({ content }) })
      .then(({ content }) => update({ content, streaming: false }))
      // The stream is gone (finished meanwhile): the stored text is what there is.
      .catch(() => update({ streaming: false }));
  }, []);

  /** Loads a thread's messages; a failed or forbidden load makes a new thread instead. */
  const openThread = useCallback(
    async (id: number, options: { keepLocal?: boolean; wholeBranch?: boolean } = {}) => {
      const switching = threadRef.current !== id;
      if (switching) {
        epoch.current++;
        setThreadId(id);
        setTitle(DEFAULT_THREAD_TITLE);
        setCreatedAt(null);
        if (!options.keepLocal) setMessages([]);
        setEarlier(0);
        setLoadingThread(true);
      }
      const mine = epoch.current;
      try {
        // The whole shown branch when asked (opening at an older message); otherwise its last page.
        const res = await getMessages(id, whoRef.current.userId, options.wholeBranch ? undefined : { limit: MESSAGES_PAGE });
        if (epoch.current !== mine) return;
        setEarlier(res.has_more ? Math.max(0, (res.total ?? 0) - res.messages.length) : 0);
        setTitle(res.thread.title);
        setCreatedAt(res.thread.created_at);
        setInfo(threadInfoOf(res));
        const loaded = res.messages.map(toChatMessage);
        setMessages((local) => mergeLoaded(local, loaded));
        for (const m of loaded) if (m.streaming) resumeStream(m, mine);
      } catch (error) {
        if (epoch.current !== mine) return;
        // No answer at all (offline, or the page is unloading): not a reason to start over.
        if (!(error instanceof ApiError) || error.httpStatus === 0) {
          setBanner({ message: MESSAGES.loadMessagesFailed, variant: 'error' });
          return;
        }
        console.warn(MESSAGES.threadAccessDenied);
        resetChat();
        try {
          await createAndOpen({ force: whoRef.current.isGuest });
        } catch {
          setBanner({ message: MESSAGES.createNewThreadFailed, variant: 'error' });
        }
      } finally {
        if (epoch.current === mine) setLoadingThread(false);
      }
    },
    [createAndOpen, resetChat, resumeStream, setBanner, setThreadId],
  );

  /** Loads the page of the shown branch just before the first message loaded, keeping the rest. */
  const loadEarlier = useCallback(async () => {
    const id = threadRef.current;
    const first = messagesRef.current.find((m) => !m.local && m.id > 0);
    if (id === null || !first) return;
    const mine = epoch.current;
    try {
      const res = await getMessages(id, whoRef.current.userId, { limit: MESSAGES_PAGE, before_id: first.id });
      if (epoch.current !== mine) return;
      const loaded = res.messages.map(toChatMessage);
      setMessages((list) => {
        const have = new Set(list.map((m) => m.id));
        return [...loaded.filter((m) => !have.has(m.id)), ...list];
      });
      setEarlier((n) => (res.has_more ? Math.max(0, n - loaded.length) : 0));
    } catch {
      if (epoch.current === mine) setBanner({ message: MESSAGES.loadMessagesFailed, variant: 'error' });
    }
  }, [setBanner]);

  /** Shows a branch the server answered with (after switching versions). */
  const showView = useCallback((res: GetMessagesResponse) => {
    if (res.thread.id !== threadRef.current) return;
    setEarlier(0);
    setInfo(threadInfoOf(res));
    setMessages(res.messages.map(toChatMessage));
  }, []);

  return {
    threadId,
    title,
    info,
    setInfo,
    showView,
    setTitle,
    createdAt,
    messages,
    setMessages,
    earlier,
    loadEarlier,
    loadingThread,
    threadRef,
    epoch,
    openThread,
    resetChat,
    createAndOpen,
    ensureThread,
    refreshThreads,
  };
}
