import type { QueueStatus } from './types';

/** A queued request's state (core.md section 4). */
export type QueueItemState = 'pending' | 'processing' | 'completed' | 'failed';

/** A queue that runs one request at a time, in order. */
export interface RequestQueue<T> {
  enqueue(item: T): void;
  /** Drops the pending requests (the running one finishes); returns them. */
  clearPending(): T[];
  status(): QueueStatus;
}

/**
 * Creates a request queue: each item runs after the previous one settled, a failure does not stop
 * the next; `onChange` hears every change of the processing flag or the pending count.
 */
export function createRequestQueue<T>(
  run: (item: T) => Promise<void>,
  onChange: (status: QueueStatus) => void = () => {},
  onSettled: (item: T, state: 'completed' | 'failed') => void = () => {},
): RequestQueue<T> {
  const pending: T[] = [];
  let processing = false;
  const status = (): QueueStatus => ({ processing, pending: pending.length });

  const next = async () => {
    if (processing) return;
    const item = pending.shift();
    if (item === undefined) {
      onChange(status());
      return;
    }
    processing = true;
    onChange(status());
    let state: 'completed' | 'failed' = 'completed';
    try {
      await run(item);
    } catch {
      state = 'failed';
    }
    processing = false;
    onSettled(item, state);
    await next();
  };

  return {
    enqueue(item) {
      pending.push(item);
      onChange(status());
      void next();
    },
    clearPending() {
      const dropped = pending.splice(0);
      onChange(status());
      return dropped;
    },
    status,
  };
}
