import { MESSAGES, type ModelEntry, modelCost, sendFailureText } from '@ensemble/shared';
import { ApiError } from '@/lib/api-client';
import { chatStreamUrl, readChatStream, StreamError } from '@/lib/event-stream';
import { checkCredits } from './api/check-credits';
import { startReply } from './api/start-reply';

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
}

/** How a slot run ended. */
export type SlotOutcome =
  | { status: 'complete' | 'stopped'; content: string; completionStats: { time: number; credits: number }; note?: string }
  | { status: 'error' | 'credits_exhausted'; message: string };

// The server gave credits back: show the balance it has now (a failed read changes nothing).
async function refreshBalance(cb: SlotCallbacks): Promise<void> {
  try {
    cb.onCredits((await checkCredits(0)).credits_info.remaining);
  } catch {
    // The meter refreshes on its own later.
  }
}

/** Whether a failure means the credits ran out. */
function creditsFailure(error: unknown): boolean {
  return (error instanceof ApiError && error.creditsExhausted) || (error instanceof StreamError && error.creditsExhausted);
}

/**
 * Runs one comparison slot: POST chat.php, then the event stream to its [DONE] (or the one
 * answer for a model that does not stream). Never throws: failures come back as an outcome.
 */
export async function runSlot(
  model: ModelEntry,
  prompt: string,
  userId: number,
  cb: SlotCallbacks,
  signal?: AbortSignal,
): Promise<SlotOutcome> {
  const started = performance.now();
  try {
    const res = await startReply(model, prompt, userId, signal);
    cb.onCredits(res.credits_remaining);
    let content = res.data.content;
    let note = res.data.metadata?.fallback_note;
    let credits = modelCost(model);
    if (res.data.stream_id) {
      cb.onStream?.(res.data.stream_id);
      const read = await readChatStream(chatStreamUrl(res.data.stream_id, model.id), {
        signal,
        onDelta: (_d, soFar) => cb.onDelta(soFar),
        onFallback: (fallback) => cb.onFallback?.(fallback.note),
      }).catch((error: unknown) => {
        // A reply that failed before any content was refunded on the server.
        void refreshBalance(cb);
        throw error;
      });
      content = read.content;
      // A cheaper fallback is charged its own cost, and the difference given back.
      if (read.fallback) {
        ({ note, cost: credits } = read.fallback);
        if (credits < modelCost(model)) void refreshBalance(cb);
      }
    }
    const stopped = cb.stopped?.() ?? false;
    // Stopped before its first token: the server removed it and gave the credits back.
    if (!content && stopped) void refreshBalance(cb);
    if (!content && !stopped) return { status: 'error', message: MESSAGES.generateFailed };
    const time = Math.round((performance.now() - started) / 100) / 10;
    if (stopped) credits = content ? credits : 0;
    return { status: stopped ? 'stopped' : 'complete', content, completionStats: { time, credits }, ...(note ? { note } : {}) };
  } catch (error) {
    const text = error instanceof Error ? error.message.replace(/^CREDITS_EXHAUSTED:\s*/, '') : '';
    if (creditsFailure(error)) return { status: 'credits_exhausted', message: text || MESSAGES.creditsExhaustedUser };
    if (error instanceof StreamError) {
      return {
        status: 'error',
        message: text === MESSAGES.connectionFailedRetries ? MESSAGES.connectionError : text || MESSAGES.generateFailed,
      };
    }
    if (error instanceof ApiError && error.code === 'network') return { status: 'error', message: MESSAGES.connectionError };
    if (/rate/i.test(text)) return { status: 'error', message: sendFailureText(text) };
    return { status: 'error', message: text || MESSAGES.processRequest };
  }
}
