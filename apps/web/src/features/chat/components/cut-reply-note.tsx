import { RotateCcw, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';

const TEXT = {
  interrupted: 'This reply was interrupted.',
  error: 'This reply was cut off by an error.',
} as const;

/** Under a reply that stopped before its end (a server restart or a failure): says so and offers Retry. */
export function CutReplyNote({ reason, onRetry }: { reason: 'interrupted' | 'error'; onRetry?(): void }) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted" data-testid="cut-reply-note">
      <TriangleAlert className="size-4 shrink-0 text-warning" aria-hidden="true" />
      <span>{TEXT[reason]}</span>
      {onRetry && (
        <Button variant="outline" size="sm" icon={<RotateCcw className="size-3.5" />} onClick={onRetry}>
          Retry
        </Button>
      )}
    </div>
  );
}
