import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { RotateCcw, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';

const TEXT = {
  interrupted: msg`This reply was interrupted.`,
  error: msg`This reply was cut off by an error.`,
  stopped: msg`You stopped this reply.`,
} as const;

/** Under a reply that ended early (a restart, a failure, or Stop): says so and offers Retry. */
export function CutReplyNote({ reason, onRetry }: { reason: keyof typeof TEXT; onRetry?(): void }) {
  const { i18n } = useLingui();
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted" data-testid="cut-reply-note">
      <TriangleAlert className="size-4 shrink-0 text-warning" aria-hidden="true" />
      <span>{i18n._(TEXT[reason])}</span>
      {onRetry && (
        <Button variant="outline" size="sm" icon={<RotateCcw className="size-3.5" />} onClick={onRetry}>
          <Trans>Retry</Trans>
        </Button>
      )}
    </div>
  );
}
