import type { ReplyFigures, WebSource } from '@ensemble/shared';

/** What every slot is asked: the prompt and the uploaded files each model reads (each slot is charged for them). */
export interface SlotAsk {
  prompt: string;
  attachmentIds: readonly string[];
  /** "Search the web" was on (issue 38): the slots whose model offers search search first, each paying its surcharge. */
  webSearch?: boolean;
}

/** What a slot's reply searched and found (issue 38), as its stream or its metadata tells it. */
export interface SlotSearch {
  /** The queries searched ("Searched: …"). */
  searched?: string[];
  /** The pages found, numbered as the reply's [n] markers cite them. */
  sources?: WebSource[];
  /** Google's search suggestions (HTML) under a reply its Google Search grounding answered. */
  searchSuggestions?: string;
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
  /** Whether the prompt asked for a web search (a Retry asks again). */
  webSearch?: boolean;
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
  /** What the reply searched and the sources it cites (issue 38). */
  search?: SlotSearch;
}
