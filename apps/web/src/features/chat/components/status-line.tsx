import { useLingui } from '@lingui/react/macro';
import type { QueueStatus } from '../types';

/** 'Queued: N request(s)' while requests wait, else 'Processing request...' while one runs. */
export function StatusLine({ queue }: { queue: QueueStatus }) {
  const { t } = useLingui();
  const { pending } = queue;
  if (!queue.processing && queue.pending === 0) return null;
  return (
    <p role="status" className="px-1 text-xs text-muted" data-testid="chat-status">
      {pending > 0 ? t`Queued: ${pending} request(s)` : t`Processing request...`}
    </p>
  );
}
