import { CHAT_PATHS, MESSAGES } from '@ensemble/shared';
import { readChatStream } from '@/lib/event-stream';

/** A blind slot's stream: no model named in the URL (the browser does not know it). */
export function blindStreamUrl(streamId: string): string {
  return `${CHAT_PATHS.chat}?stream=true&stream_id=${encodeURIComponent(streamId)}`;
}

/** How reading a blind slot ended: its text, or why it failed. */
export type BlindRead = { ok: true; content: string } | { ok: false; message: string };

/**
 * Reads one blind slot's reply to its [DONE], reporting the text so far as it streams. Only the text is read: the
 * stream of a blind reply carries no figures and no model. Never throws; an abort ends it with no message.
 */
export async function readBlindSlot(streamId: string, onText: (soFar: string) => void, signal: AbortSignal): Promise<BlindRead> {
  try {
    const read = await readChatStream(blindStreamUrl(streamId), { signal, onDelta: (_delta, soFar) => onText(soFar) });
    return { ok: true, content: read.content };
  } catch (error) {
    if (signal.aborted) return { ok: false, message: '' };
    const text = error instanceof Error ? error.message.replace(/^CREDITS_EXHAUSTED:\s*/, '') : '';
    return { ok: false, message: text === MESSAGES.connectionFailedRetries ? MESSAGES.connectionError : text || MESSAGES.generateFailed };
  }
}
