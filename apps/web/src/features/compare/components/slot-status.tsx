import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Square } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** The states a comparison slot shows, Compare's and the blind arena's alike. */
export type SlotStatusName = 'idle' | 'loading' | 'streaming' | 'complete' | 'stopped' | 'error' | 'credits_exhausted';

const STATUS_TEXT: Record<SlotStatusName, MessageDescriptor> = {
  idle: msg`Ready`,
  loading: msg`Waiting for the first words...`,
  streaming: msg`Streaming...`,
  complete: msg`Complete`,
  stopped: msg`Stopped`,
  error: msg`Error`,
  credits_exhausted: msg`Out of credits`,
};

/**
 * A slot's state line: a spinner while it runs, its state, and its Stop (named `stopLabel`) while a stream runs that
 * can be stopped.
 */
export function SlotStatus({
  status,
  busy,
  canStop,
  stopLabel,
  onStop,
  testId,
}: {
  status: SlotStatusName;
  busy: boolean;
  canStop: boolean;
  stopLabel: string;
  onStop(): void;
  testId: string;
}) {
  const { i18n } = useLingui();
  return (
    <p className="flex items-center gap-2 text-xs text-muted" data-testid={testId}>
      {busy && <Spinner size="sm" />}
      {i18n._(STATUS_TEXT[status])}
      {busy && canStop && (
        <Button
          variant="outline"
          size="sm"
          icon={<Square className="size-3 fill-current" aria-hidden />}
          onClick={onStop}
          aria-label={stopLabel}
          className="ms-auto"
        >
          <Trans>Stop</Trans>
        </Button>
      )}
    </p>
  );
}
