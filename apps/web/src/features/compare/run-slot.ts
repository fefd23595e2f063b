import {
  MESSAGES,
  type MessageMetadata,
  type ModelEntry,
  type ReplyFigures,
  attachmentsCost,
  modelCost,
  sendFailureText,
} from '@ensemble/shared';
import { ApiError } from '@/lib/api-client';
import { retryWhileBusy } from '@/lib/busy-retry';
import { chatStreamUrl, readChatStream, StreamError } from '@/lib/event-stream';
import { checkCredits } from './api/check-credits';
import { startReply } from './api/start-reply';
import { searchOf, slotSearchCost, slotSearches } from './slot-search';
import type { SlotAsk, SlotSearch } from './types';

/** What a slot run reports. */
export interface SlotCallbacks {
  onDelta(contentSoFar: string): void;
  /** A fallback row answers instead of the slot's model. */
  onFallback?(note: string): void;
  onCredits(remaining: number): void;
  /** The reply streams: `streamId` is what the slot's Stop sends. */
  onStream?(streamId: string): void;
  /** Whether the user pressed the slot's Stop. */
  stopped?(): boolean;
  /** The reply's web search ran a query or gave its sources (issue 38): all it searched and found so far. */
  onSearch?(search: SlotSearch): void;
}

/** How a slot run ended. */
export type SlotOutcome =
  | {
      status: 'complete' | 'stopped';
      content: string;
      completionStats: { time: number; credits: number };
      note?: string;
      figures?: ReplyFigures;
      /** What the reply searched and the sources it cites. */
      search?: SlotSearch;
    }
  | {
      status: 'error' | 'credits_exhausted';
      message: string;
      /** The server's stream of this reply, when it failed while reading it: a Retry re-attaches to it for free. */
      streamId?: string;
    };

// The server gave credits back: show the balance it has now (a failed read changes nothing).
async function refreshBalance(cb: SlotCallbacks): Promise<void> {
  try {
    cb.onCredits((await checkCredits(0)).credits_info.remaining);
  } catch {
    // The meter refreshes on its own later.
  }
}

/** The figures a whole (not streamed) reply's metadata carries. */
function figuresOf(metadata: MessageMetadata | null | undefined): ReplyFigures | undefined {
  if (!metadata || typeof metadata.credits !== 'number' || typeof metadata.total_ms !== 'number') return undefined;
  const { credits, ttft_ms, total_ms, tokens_in, tokens_out, tokens_estimated } = metadata;
  return { credits, ttft_ms, total_ms, tokens_in, tokens_out, tokens_estimated };
}

/** Whether a failure means the credits ran out. */
function creditsFailure(error: unknown): boolean {
  return (error instanceof ApiError && error.creditsExhausted) || (error instanceof StreamError && error.creditsExhausted);
}

/** A stream the server no longer holds (or never did): re-attaching cannot help. */
export class StreamGone extends Error {}

/**
 * Runs one comparison slot: POST chat.php, then the event stream to its [DONE] (or the one
 * answer for a model that does not stream). With `resumeStreamId` it only re-attaches to that
 * stream (free: the reply was paid for when it started); a stream the server no longer holds
 * throws StreamGone. Otherwise never throws: failures come back as an outcome.
 */
export async function runSlot(
  model: ModelEntry,
  ask: SlotAsk,
  userId: number,
  cb: SlotCallbacks,
  signal?: AbortSignal,
  resumeStreamId?: string,
): Promise<SlotOutcome> {
  const started = performance.now();
  let streamId = resumeStreamId;
  try {
    let content = '';
    let note: string | undefined;
    // Only a slot whose model offers search asks for it, and pays its surcharge.
    const searches = slotSearches(model, ask.webSearch);
    const price = modelCost(model) + attachmentsCost(model, ask.attachmentIds.length) + slotSearchCost(model, ask.webSearch);
    let credits = price;
    let figures: ReplyFigures | undefined;
    let search: SlotSearch | undefined;
    if (!streamId) {
      // A full server refuses before it charges anything: the slot asks again when it says.
      const res = await retryWhileBusy(() => startReply(model, ask, userId, signal, searches), {
        signal,
        wanted: () => !cb.stopped?.(),
      });
      cb.onCredits(res.credits_remaining);
      content = res.data.content;
      note = res.data.metadata?.fallback_note;
      figures = figuresOf(res.data.metadata);
      search = searchOf(res.data.metadata);
      if (search) cb.onSearch?.(search);
      streamId = res.data.stream_id ?? undefined;
    }
    if (streamId) {
      cb.onStream?.(streamId);
      const read = await readChatStream(chatStreamUrl(streamId, model.id), {
        signal,
        onDelta: (_d, soFar) => cb.onDelta(soFar),
        onFallback: (fallback) => cb.onFallback?.(fallback.note),
        onFigures: (f) => {
          figures = f;
        },
        onSearch: (query) => {
          search = { ...search, searched: [...(search?.searched ?? []), query] };
          cb.onSearch?.(search);
        },
        onSources: (sources, suggestions) => {
          search = { ...search, sources, ...(suggestions ? { searchSuggestions: suggestions } : {}) };
          cb.onSearch?.(search);
        },
      }).catch((error: unknown) => {
        // A reply that failed before any content was refunded on the server.
        void refreshBalance(cb);
        throw error;
      });
      content = read.content;
      // A cheaper fallback is charged its own cost, and the difference given back.
      if (read.fallback) {
        ({ note, cost: credits } = read.fallback);
        if (credits < price) void refreshBalance(cb);
      }
    }
    // A search that could not run was given back: the reply's figures say what it cost in the end.
    if (searches && figures && figures.credits < credits) {
      credits = figures.credits;
      void refreshBalance(cb);
    }
    const stopped = cb.stopped?.() ?? false;
    // Stopped before its first token: the server removed it and gave the credits back.
    if (!content && stopped) void refreshBalance(cb);
    if (!content && !stopped) return { status: 'error', message: MESSAGES.generateFailed };
    const time = Math.round((performance.now() - started) / 100) / 10;
    if (stopped) credits = content ? credits : 0;
    const outcome = stopped ? ('stopped' as const) : ('complete' as const);
    return {
      status: outcome,
      content,
      completionStats: { time, credits },
      ...(note ? { note } : {}),
      ...(figures ? { figures } : {}),
      ...(search ? { search } : {}),
    };
  } catch (error) {
    const text = error instanceof Error ? error.message.replace(/^CREDITS_EXHAUSTED:\s*/, '') : '';
    if (creditsFailure(error)) return { status: 'credits_exhausted', message: text || MESSAGES.creditsExhaustedUser };
    if (error instanceof StreamError) {
      if (resumeStreamId && error.status === 404) throw new StreamGone(text);
      // Only a lost connection leaves a reply worth re-attaching to; an error event ended it for good.
      const lost = text === MESSAGES.connectionFailedRetries;
      return {
        status: 'error',
        message: lost ? MESSAGES.connectionError : text || MESSAGES.generateFailed,
        ...(lost && streamId ? { streamId } : {}),
      };
    }
    if (error instanceof ApiError && error.code === 'network') return { status: 'error', message: MESSAGES.connectionError };
    if (/rate/i.test(text)) return { status: 'error', message: sendFailureText(text) };
    return { status: 'error', message: text || MESSAGES.processRequest };
  }
}
