import { MESSAGES } from '@ensemble/shared';
import type { ModelEntry } from '@ensemble/shared';
import { useCallback, useRef, useState } from 'react';
import { preloadMarkdown } from '@/components/markdown';
import { ApiError } from '@/lib/api-client';
import { emitBrowserEvent } from '@/lib/browser-events';
import { bannerForError, isCreditsFailure, remainingFromError } from '../chat-errors';
import { patchMessage, removeMessage } from '../chat-messages';
import { temporaryMessageId } from '../message-id';
import { createRequestQueue, type RequestQueue } from '../request-queue';
import { runSend } from '../run-send';
import { stopReply } from '../api/stop-reply';
import type { ChatBanner, ChatMessage, QueueStatus, SendRequest } from '../types';
import type { ChatIdentity, useChatThread } from './use-chat-thread';

interface Job {
  request: SendRequest;
  placeholderId: number;
  userMessageId: number;
  epoch: number;
}

/** The text a 502 for a reply cut mid-way carries in data.content. */
function partialReply(error: unknown): string {
  if (!(error instanceof ApiError)) return '';
  const content = (error.body as { data?: { content?: unknown } } | undefined)?.data?.content;
  return typeof content === 'string' ? content : '';
}

/**
 * Sending (core.md section 4): the user message and a loading placeholder appear at once; the
 * requests run one at a time through a queue; the placeholder turns into the reply, streamed or
 * whole, or is removed when the request fails and the error banner shows.
 */
export function useChatSender(
  who: ChatIdentity,
  thread: ReturnType<typeof useChatThread>,
  findModel: (id: string) => ModelEntry | undefined,
  setBanner: (b: ChatBanner | null) => void,
) {
  const [queue, setQueue] = useState<QueueStatus>({ processing: false, pending: 0 });
  const latest = useRef({ who, thread, findModel, setBanner });
  latest.current = { who, thread, findModel, setBanner };
  const queueRef = useRef<RequestQueue<Job> | null>(null);
  // Whether Stop has something to stop: a reply streaming, or a send waiting for a full server.
  const [stoppable, setStoppable] = useState(false);
  // While a send waits for a full server, `cancelWait` ends the wait (Stop shows then too).
  const current = useRef<{ streamId: string | null; stopped: boolean; cancelWait?: () => void }>({ streamId: null, stopped: false });

  queueRef.current ??= createRequestQueue<Job>(async (job) => {
    const { who, thread, findModel, setBanner } = latest.current;
    const live = () => thread.epoch.current === job.epoch;
    const update = (fn: (list: ChatMessage[]) => ChatMessage[]) => {
      if (live()) thread.setMessages(fn);
    };
    // A request queued for a conversation the user has since left is dropped with it.
    if (!live()) return;
    let replyId = job.placeholderId;
    let partial = '';
    current.current = { streamId: null, stopped: false };
    const waiting = new AbortController();
    try {
      const reply = await runSend(
        job.request,
        {
          model: findModel(job.request.model),
          userId: who.userId,
          isGuest: who.isGuest,
          ensureThread: thread.ensureThread,
          stopped: () => current.current.stopped,
          wanted: live,
          waitSignal: waiting.signal,
        },
        {
          onIds(userMessageId, serverReplyId) {
            // Updaters run later: they must not read replyId after it changes.
            const from = replyId;
            update((list) => {
              const next = userMessageId ? patchMessage(list, job.userMessageId, { id: userMessageId }) : list;
              return serverReplyId ? patchMessage(next, from, { id: serverReplyId }) : next;
            });
            if (serverReplyId) replyId = serverReplyId;
          },
          onStreamStart: (streamId) => {
            current.current.streamId = streamId;
            setStoppable(true);
            const id = replyId;
            update((list) => patchMessage(list, id, { type: 'text', streaming: true }));
          },
          onDelta: (content) => {
            partial = content;
            const id = replyId;
            update((list) => patchMessage(list, id, { content }));
          },
          onFallback: (metadata) => {
            const id = replyId;
            update((list) => patchMessage(list, id, { metadata }));
          },
          onSearch: (metadata) => {
            const id = replyId;
            update((list) => patchMessage(list, id, { metadata }));
          },
          onBusy: (retryAt) => {
            const id = replyId;
            update((list) => patchMessage(list, id, { retryAt }));
            // Stop ends the wait; once the next try is out, Stop waits for its stream as usual.
            current.current.cancelWait = retryAt === null ? undefined : () => waiting.abort();
            setStoppable(retryAt !== null);
          },
          onCredits: (credits) => emitBrowserEvent('creditUpdate', { credits }),
          onTitle(threadId, newTitle) {
            if (newTitle && live()) thread.setTitle(newTitle);
            if (newTitle) emitBrowserEvent('threadTitleUpdated', { threadId, newTitle });
            thread.refreshThreads();
          },
        },
      );
      const id = replyId;
      if (reply.stopped && !reply.content) {
        update((list) => removeMessage(list, id));
        return;
      }
      const cut = reply.stopped ? { cut: 'stopped' as const } : {};
      update((list) =>
        patchMessage(list, id, { type: reply.type, content: reply.content, metadata: reply.metadata, streaming: false, ...cut }),
      );
      emitBrowserEvent('messageUpdate', { threadId: thread.threadRef.current ?? undefined, messageId: id });
      const credits = typeof reply.metadata?.credits === 'number' ? reply.metadata.credits : 0;
      const branched = job.request.regenerateId !== undefined || job.request.parentId !== undefined;
      const open = thread.threadRef.current;
      // A new version: the server's view of the branch carries the versions' ids and the new total.
      if (branched && open !== null && live()) void thread.openThread(open);
      else if (live()) thread.setInfo((info) => ({ ...info, totalCredits: info.totalCredits + credits }));
    } catch (error) {
      const id = replyId;
      if (waiting.signal.aborted && !partial) {
        // Stopped while waiting for a full server, which saved nothing: the prompt and its reply go.
        update((list) => removeMessage(removeMessage(list, id), job.userMessageId));
        const open = thread.threadRef.current;
        const branched = job.request.regenerateId !== undefined || job.request.parentId !== undefined;
        if (branched && open !== null && live()) void thread.openThread(open);
        return;
      }
      // Offline, nothing was written: the prompt and its reply go, and the banner says sending needs a connection.
      if (error instanceof ApiError && error.code === 'offline' && !partial) {
        update((list) => removeMessage(removeMessage(list, id), job.userMessageId));
        if (live()) setBanner(bannerForError(error, who.isGuest));
        throw error;
      }
      // A reply cut mid-way keeps its text (the server saved it too), marked as cut.
      const kept = partialReply(error) || partial;
      // The instance generating it went away: the server kept it as interrupted, and so does the screen.
      const cut = error instanceof Error && error.message === MESSAGES.generatorStopped ? 'interrupted' : 'error';
      if (kept) update((list) => patchMessage(list, id, { type: 'text', content: kept, streaming: false, cut }));
      else update((list) => removeMessage(list, id));
      if (live()) setBanner(bannerForError(error, who.isGuest));
      const remaining = remainingFromError(error);
      if (isCreditsFailure(error) && remaining !== null) emitBrowserEvent('creditUpdate', { credits: Math.max(0, remaining) });
      throw error;
    } finally {
      current.current = { streamId: null, stopped: false };
      setStoppable(false);
    }
  }, setQueue);

  /** Stops the reply that is streaming (the server keeps what came so far), or a send waiting for a full server. */
  const stop = useCallback(() => {
    const { streamId, stopped, cancelWait } = current.current;
    if (cancelWait && !stopped) {
      current.current.stopped = true;
      cancelWait();
      return;
    }
    if (!streamId || stopped) return;
    current.current.stopped = true;
    stopReply(streamId).catch((error: unknown) => {
      current.current.stopped = false;
      latest.current.setBanner(bannerForError(error, latest.current.who.isGuest));
    });
  }, []);

  /**
   * Queues a prompt; blank prompts are not sent. Regenerating replaces the reply (and what followed
   * it) with a placeholder for the new version; edit & submit replaces the edited prompt onwards.
   */
  const sendNow = (request: SendRequest) => {
    const prompt = request.prompt.trim();
    if (!prompt) return;
    const branchFrom = (list: ChatMessage[]): ChatMessage[] => {
      if (request.regenerateId !== undefined) {
        const at = list.findIndex((m) => m.id === request.regenerateId);
        return at < 0 ? list : list.slice(0, at);
      }
      if (request.parentId === 0) return [];
      if (request.parentId !== undefined) {
        const at = list.findIndex((m) => m.id === request.parentId);
        return at < 0 ? list : list.slice(0, at + 1);
      }
      return list;
    };
    const created_at = new Date().toISOString();
    const image = findModel(request.model)?.type === 'image' || request.type === 'image';
    const metadata = image ? { aspectRatio: request.aspectRatio, prompt } : null;
    const files = [...(request.attachments ?? []), ...(request.resendAttachments ?? [])];
    const attachments = files.length ? { attachments: files } : null;
    const user: ChatMessage = {
      id: temporaryMessageId(),
      sender: 'user',
      type: 'text',
      content: prompt,
      model: request.model,
      metadata: attachments ? { ...metadata, ...attachments } : metadata,
      local: true,
      created_at,
    };
    const placeholder: ChatMessage = {
      id: temporaryMessageId() + 1,
      sender: 'ai',
      type: 'loading',
      content: '',
      model: request.model,
      metadata,
      prompt,
      local: true,
      created_at,
    };
    setBanner(null);
    // The reply will need the markdown renderer: fetch it while the request runs.
    void preloadMarkdown();
    const regenerating = request.regenerateId !== undefined;
    thread.setMessages((list) => [...branchFrom(list), ...(regenerating ? [] : [user]), placeholder]);
    queueRef.current!.enqueue({
      request: { ...request, prompt },
      placeholderId: placeholder.id,
      userMessageId: user.id,
      epoch: thread.epoch.current,
    });
  };

  // One function for the screen's lifetime, so what receives it (every message, the input bar)
  // does not render again with each chunk of a streaming reply.
  const sendLatest = useRef(sendNow);
  sendLatest.current = sendNow;
  const send = useCallback((request: SendRequest) => sendLatest.current(request), []);

  return { send, queue, stop, streaming: stoppable };
}
