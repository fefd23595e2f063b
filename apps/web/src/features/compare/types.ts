import type { ReplyFigures } from '@ensemble/shared';

/** What every slot is asked: the prompt and the uploaded files each model reads (each slot is charged for them). */
export interface SlotAsk {
  prompt: string;
  attachmentIds: readonly string[];
}

/** A comparison slot's state (screens.md section 4: loading, streaming, complete, error or credits_exhausted). */
export type SlotStatus = 'idle' | 'loading' | 'streaming' | 'complete' | 'stopped' | 'error' | 'credits_exhausted';

/** One of the three result areas (slot-0 to slot-2). */
export interface CompareSlot {
  slotId: `slot-${number}`;
  model: string | null;
  status: SlotStatus;
  content: string;
  prompt: string;
  /** The uploads sent with the prompt (a Retry sends them again). */
  attachmentIds?: readonly string[];
  /** The failure text, and for credits errors the action link. */
  error?: { message: string; actionHref?: string };
  /** The server's stream of this reply: Stop stops it while it runs; after a lost connection Retry re-attaches to it (free). */
  streamId?: string;
  /** Time in seconds and credits, when complete. */
  completionStats?: { time: number; credits: number };
  /** "Answered by {fallback} because {model} was unavailable", when a fallback row answered. */
  note?: string;
  /** The reply's figures from the server: credits, time to first token, total time, tokens (issue 14). */
  figures?: ReplyFigures;
}
