import {
  ASPECT_RATIOS,
  type ChatResponse,
  MESSAGES,
  type MessageMetadata,
  type ModelEntry,
  attachmentsCost,
  webSearchCost,
  modelCost,
} from '@ensemble/shared';
import { copyAttachments } from '@/features/attachments';
import { retryWhileBusy } from '@/lib/busy-retry';
import { chatStreamUrl, readChatStream } from '@/lib/event-stream';
import { withToolEvent } from '@/features/tools/live-steps';
import { checkCredits } from './api/check-credits';
import { sendChat } from './api/send-chat';
import { CreditsError, exhaustedText } from './chat-errors';
import type { SendRequest } from './types';
import { specText } from '@/i18n/server-messages';

/** What a send needs from the screen around it. */
export interface SendDeps {
  model: ModelEntry | undefined;
  userId: number;
  isGuest: boolean;
  /** The thread to send in, created on demand. */
  ensureThread(): Promise<number>;
  signal?: AbortSignal;
  /** Whether the user pressed Stop on this reply. */
  stopped?(): boolean;
  /** Whether the send is still wanted (the user may have left the conversation while it waited). */
  wanted?(): boolean;
  /** Ends a wait for a full server (Stop pressed while waiting): the refusal is thrown then. */
  waitSignal?: AbortSignal;
}

/** The finished reply. */
export interface SendReply {
  content: string;
  type: 'text' | 'image';
  metadata: MessageMetadata | null;
  /** The user stopped it: what came so far (possibly nothing) is all there is. */
  stopped?: boolean;
}

/** What a send reports while it runs. */
export interface SendCallbacks {
  /** The server's ids for the user message and the reply, replacing the temporary ones. */
  onIds(userMessageId: number | null, replyId: number | null): void;
  /** The reply streams: `streamId` is what Stop sends. */
  onStreamStart(streamId: string): void;
  onDelta(contentSoFar: string): void;
  /** A fallback row answers: the reply's metadata now carries its note. */
  onFallback?(metadata: MessageMetadata): void;
  /** The reply's web search ran or gave its sources, or a tool step moved on: the reply's metadata now carries them. */
  onSearch?(metadata: MessageMetadata): void;
  onCredits(remaining: number): void;
  /** The first message titled the thread (null: refresh it from the server). */
  onTitle(threadId: number, newTitle: string | null): void;
  /** The server was full: the send goes again at `retryAt` (epoch ms); null when it goes. */
  onBusy?(retryAt: number | null): void;
}

/** The text a pre-check refusal shows (core.md section 5). */
export function insufficientText(isGuest: boolean, need: number, have: number): string {
  return isGuest
    ? specText('insufficientGuestCredits', { need, have }, MESSAGES.insufficientGuestCredits(need, have))
    : specText('insufficientCredits', { need, have }, MESSAGES.insufficientCredits(need, have));
}

// The server gave credits back (a failed reply, a cheaper fallback): show the balance it has now.
async function refreshBalance(cb: SendCallbacks): Promise<void> {
  try {
    cb.onCredits((await checkCredits(0)).credits_info.remaining);
  } catch {
    // The meter refreshes on its own later; a failed read changes nothing here.
  }
}

function isImageReply(res: ChatResponse, model: ModelEntry | undefined): boolean {
  return res.data.type === 'image' || model?.type === 'image' || /^https?:/.test(res.data.content);
}

/**
 * One send (core.md section 4): the credit pre-check, the thread, POST chat.php, then either the
 * event stream to its [DONE] or the one answer. Throws on failure; the caller shows the error.
 */
export async function runSend(request: SendRequest, deps: SendDeps, cb: SendCallbacks): Promise<SendReply> {
  const { model } = deps;
  if (!model) throw new Error(MESSAGES.modelNotFound);
  // Each new attachment adds its catalogue credits (once, with this message); the pre-check counts them.
  const fresh = request.regenerateId ? [] : (request.attachments ?? []).map((a) => a.id);
  const resent = request.regenerateId ? [] : (request.resendAttachments ?? []).map((a) => a.id);
  const search = Boolean(request.webSearch && model.web_search && model.type === 'text');
  const cost = modelCost(model) + attachmentsCost(model, fresh.length + resent.length) + (search ? webSearchCost(model) : 0);
  const check = await checkCredits(cost);
  const have = check.credits_info.remaining;
  if (check.status === 'credits_exhausted' || have < cost) {
    cb.onCredits(Math.max(0, have));
    throw new CreditsError(have <= 0 && check.message ? check.message : insufficientText(deps.isGuest, cost, have), have);
  }

  // A sent file belongs to its message: an edited prompt sends copies of its files with the new version.
  const copies = resent.length ? await copyAttachments(resent, deps.signal) : [];
  const attachmentIds = [...fresh, ...copies.map((a) => a.id)];
  const threadId = await deps.ensureThread();
  const image = model.type === 'image';
  const metadata: MessageMetadata | null = image ? { aspectRatio: request.aspectRatio, prompt: request.prompt } : null;
  const streamed = !image && model.stream;
  // A full server refuses before it charges or saves anything: the same request goes again when it says.
  const body: Parameters<typeof sendChat>[0] = {
    thread_id: threadId,
    user_id: deps.userId,
    model: model.id,
    ...(streamed ? { stream: true } : {}),
    is_comparison: false,
    messages: request.regenerateId ? [] : [{ content: request.prompt, role: 'user', type: 'text', metadata }],
    ...(request.regenerateId ? { regenerate_id: request.regenerateId } : {}),
    ...(request.parentId !== undefined ? { parent_id: request.parentId } : {}),
    ...(attachmentIds.length ? { attachment_ids: attachmentIds } : {}),
    ...(search ? { web_search: true } : {}),
    ...(request.assistantId ? { assistant_id: request.assistantId } : {}),
  };
  const res = await retryWhileBusy(() => sendChat(body, image ? 'image' : 'text', deps.signal), {
    onWait: (retryAt) => cb.onBusy?.(retryAt),
    wanted: deps.wanted,
    signal: deps.waitSignal ?? deps.signal,
  });
  if (res.data.status === 'credits_exhausted')
    throw new CreditsError(res.message ?? exhaustedText(deps.isGuest), res.credits_remaining ?? 0);
  cb.onIds(res.data.user_message_id, res.data.message_id);
  cb.onCredits(res.credits_remaining);
  if (res.is_first_message) cb.onTitle(threadId, res.data.thread_update?.new_title ?? null);

  const replyMeta = res.data.metadata ?? null;
  if (res.data.stream_id) {
    cb.onStreamStart(res.data.stream_id);
    // The stream's id lets the reply's tool calls that ask first be answered (issue 40).
    let metadata: MessageMetadata | null = { ...replyMeta, stream_id: res.data.stream_id };
    let refunded = false;
    try {
      const { content, fallback } = await readChatStream(chatStreamUrl(res.data.stream_id, model.id, res.data.message_id), {
        signal: deps.signal,
        onDelta: (_delta, soFar) => cb.onDelta(soFar),
        onFallback: ({ note, answeredBy }) => {
          metadata = { ...metadata, answered_by: answeredBy, fallback_note: note };
          cb.onFallback?.(metadata);
        },
        onFigures: (figures) => {
          metadata = { ...metadata, ...figures };
        },
        onSearch: (query) => {
          metadata = { ...metadata, searched: [...(metadata?.searched ?? []), query] };
          cb.onSearch?.(metadata);
        },
        onSources: (sources, suggestions) => {
          metadata = { ...metadata, sources, ...(suggestions ? { search_suggestions: suggestions } : {}) };
          cb.onSearch?.(metadata);
        },
        onTool: (event) => {
          metadata = withToolEvent(metadata, event);
          cb.onSearch?.(metadata);
        },
      });
      refunded = !!fallback && fallback.cost < cost;
      const stopped = deps.stopped?.() ?? false;
      // Stopped before its first token: the server removed the reply and gave the credits back.
      if (!content && stopped) refunded = true;
      if (!content && !stopped) throw new Error(MESSAGES.generateFailed);
      return { content, type: 'text', metadata, ...(stopped ? { stopped } : {}) };
    } catch (error) {
      // A reply that failed before any content was refunded on the server.
      refunded = true;
      throw error;
    } finally {
      if (refunded) void refreshBalance(cb);
    }
  }
  if (isImageReply(res, model)) {
    const url = res.image?.url ?? res.url ?? res.data.content;
    if (!url) throw new Error(MESSAGES.noImageUrl);
    return {
      content: url,
      type: 'image',
      metadata: { ...replyMeta, aspectRatio: replyMeta?.aspectRatio ?? ASPECT_RATIOS[request.aspectRatio].ratio, prompt: request.prompt },
    };
  }
  if (!res.data.content) throw new Error(MESSAGES.noContent);
  return { content: res.data.content, type: 'text', metadata: replyMeta };
}
