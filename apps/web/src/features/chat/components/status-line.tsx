import type { QueueStatus } from '../types';

/** 'Queued: N request(s)' while requests wait, else 'Processing request...' while one runs. */
export function StatusLine({ queue }: { queue: QueueStatus }) {
  if (!queue.processing && queue.pending === 0) return null;
  return (
    <p role="status" className="px-1 text-xs text-muted" data-testid="chat-status">
      {queue.pending > 0 ? `Queued: ${queue.pending} request(s)` : 'Processing request...'}
    </p>
  );
}
