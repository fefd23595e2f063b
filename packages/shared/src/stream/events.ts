/** The chat stream's events: each SSE `data:` line is one of these as JSON, then the literal [DONE]. */
export type StreamEvent =
  | { type: 'connection_established'; stream_id: string; message_id: number | null }
  | { content: string; message_id: number | null; format: 'markdown' | 'text' }
  | { error: string; code?: string }
  /** A fallback row answers instead of the chosen one; `cost` is what the reply is charged. */
  | { type: 'fallback'; answered_by: string; note: string; cost: number }
  | { type: 'credits_exhausted'; message: string };

export const STREAM_DONE = '[DONE]';
