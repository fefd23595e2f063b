import { useLingui } from '@lingui/react/macro';
import type { BlindComparison } from '../blind-types';

/**
 * A blind image comparison's progress, for screen readers only and politely: the pictures drawn so far, then that the
 * vote is open, the reveal, or that there is no vote. Nothing in it names a model.
 */
export function BlindProgress({ comparison }: { comparison: BlindComparison }) {
  const { t } = useLingui();
  const { phase, slots } = comparison;
  const drawn = slots.filter((s) => s.status === 'complete').length;
  const total = slots.length;
  const message =
    phase === 'starting' || (phase === 'running' && drawn === 0)
      ? t`Drawing the pictures...`
      : phase === 'running'
        ? t`${drawn} of ${total} pictures drawn.`
        : phase === 'ready'
          ? t`Both pictures are drawn. Vote for the better one.`
          : phase === 'voted'
            ? t`The models are revealed.`
            : phase === 'void' || phase === 'unsettled'
              ? t`No vote on this comparison.`
              : '';
  return (
    <p role="status" aria-live="polite" className="sr-only" data-testid="blind-progress">
      {message}
    </p>
  );
}
