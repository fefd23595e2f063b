/** The chat stream's events: each SSE `data:` line is one of these as JSON, then the literal [DONE]. */
export type StreamEvent =
  | { type: 'connection_established'; stream_id: string; message_id: number | null }
  | { content: string; message_id: number | null; format: 'markdown' | 'text' }
  /** The reply failed: the English text, and for one of the spec's messages its code and values (issue 43). */
  | { error: string; code?: string; message_code?: string; params?: Record<string, string | number> }
  /** A fallback row answers instead of the chosen one; `cost` is what the reply is charged. */
  | { type: 'fallback'; answered_by: string; note: string; cost: number }
  | { type: 'credits_exhausted'; message: string }
  /** Sent once before the end of a reply that produced text: what it cost and how fast it came (issue 14). */
  | { type: 'figures'; figures: ReplyFigures }
  /**
   * The reply's saved text ends at `offset` characters (UTF-16 code units, as event ids count): a
   * reader holding more drops the rest. Comes before the error of a reply whose server died after
   * sending text it had not saved yet, so every reader ends with exactly the saved reply.
   */
  | { type: 'rewind'; offset: number }
  /** The reply's web search ran this query (shown as "Searched: …" while the reply streams). */
  | { type: 'search'; query: string }
  /**
   * The pages the search gave the model, numbered as the reply cites them ([1] is the first); with Google's search
   * suggestions (HTML) for a reply its Google Search grounding answered.
   */
  | { type: 'sources'; sources: { url: string; title: string }[]; suggestions?: string }
  /** A model step of the reply asks for a tool (issue 40); `needs_approval` when it waits for the user's Allow or Deny. */
  | { type: 'tool_call'; call_id: string; tool: string; server: string; args: unknown; needs_approval: boolean }
  /** The tool call ended: its (bounded) result, how it ended and how long it took. */
  | { type: 'tool_result'; call_id: string; result: string; status: ToolStepStatus; ms: number; truncated?: boolean }
  /** A new model step starts (the second and later), charged `cost` credits when it starts. */
  | { type: 'step'; step: number; cost: number };

/** How a tool call of a reply ended. */
export type ToolStepStatus = 'ok' | 'error' | 'denied' | 'timeout' | 'stopped';

/** A reply's cost and timing, also saved in its message metadata. */
export interface ReplyFigures {
  credits: number;
  ttft_ms?: number;
  total_ms: number;
  tokens_in?: number;
  tokens_out?: number;
  tokens_estimated?: boolean;
}

export const STREAM_DONE = '[DONE]';
