import { ASPECT_RATIOS, type AspectRatio } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { AlertCircle, Coins, ImageIcon, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useElapsedSeconds } from '../hooks/use-elapsed-seconds';
import type { StudioJob } from '../studio-types';

const RATIO_CLASS: Record<AspectRatio, string> = { wide: 'aspect-[16/9]', square: 'aspect-square', tall: 'aspect-[9/16]' };

/**
 * The picture area of a job: 'Generation pending...', a spinner with the seconds elapsed, the
 * image, or the error with Retry (a credits error shows its action link instead).
 */
export function JobMedia({
  job,
  aspectRatio,
  creditsHref,
  onRetry,
  retryDisabled,
  compact,
  className,
}: {
  job: StudioJob;
  aspectRatio: AspectRatio;
  creditsHref: string;
  onRetry: () => void;
  retryDisabled?: boolean;
  /** A list thumbnail: smaller type. */
  compact?: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  const elapsed = useElapsedSeconds(job.startTime, job.status === 'loading');
  // An aspect-ratio box grows to fit longer content (an error text) as long as it does not clip.
  // The caller's width (a list thumbnail) replaces the full width; both in one list would race in CSS order.
  const frame = cn('relative rounded-xl', RATIO_CLASS[aspectRatio], className ?? 'w-full');
  const { width, height } = ASPECT_RATIOS[aspectRatio];

  if (job.status === 'complete' && job.imageUrl) {
    return (
      <a
        href={job.imageUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={cn(frame, 'block overflow-hidden bg-surface-2')}
        aria-label={t`Open image in new tab`}
      >
        <img src={job.imageUrl} alt={job.prompt} width={width} height={height} loading="lazy" className="size-full object-cover" />
      </a>
    );
  }
  if (job.status === 'loading') {
    return (
      <div className={cn(frame, 'flex flex-col items-center justify-center gap-3 overflow-hidden bg-surface-2 text-muted')}>
        <div aria-hidden="true" className="absolute inset-0 animate-pulse bg-gradient-to-br from-accent/10 via-transparent to-accent/5" />
        <Spinner size={compact ? 'md' : 'lg'} className="text-accent" />
        <p className={cn('relative', compact ? 'text-xs' : 'text-sm')} role="status">
          <Trans>
            Generating... <span className="tabular-nums">{elapsed}s</span>
          </Trans>
        </p>
      </div>
    );
  }
  if (job.status === 'error' && job.error) {
    const credits = job.error.type === 'credits';
    const Icon = credits ? Coins : AlertCircle;
    return (
      <div
        role="alert"
        className={cn(
          frame,
          'flex flex-col items-center justify-center border text-center',
          compact ? 'gap-1.5 p-2 text-xs' : 'gap-3 p-4 text-sm',
          credits ? 'border-warning/35 bg-warning/10' : 'border-danger/35 bg-danger/10',
        )}
      >
        <Icon aria-hidden="true" className={cn(compact ? 'size-4' : 'size-6', credits ? 'text-warning' : 'text-danger')} />
        <p className="break-words text-fg">{job.error.message}</p>
        {credits ? (
          <Link to={creditsHref} className="font-medium text-accent-ink underline-offset-2 hover:underline">
            <Trans>Click here to continue</Trans>
          </Link>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            icon={<RotateCcw aria-hidden="true" className="size-3.5" />}
            onClick={onRetry}
            disabled={retryDisabled}
          >
            <Trans>Retry</Trans>
          </Button>
        )}
      </div>
    );
  }
  return (
    <div
      className={cn(frame, 'flex flex-col items-center justify-center gap-2 border border-dashed border-border-strong bg-bg/40 text-muted')}
    >
      <ImageIcon aria-hidden="true" className={cn('text-subtle', compact ? 'size-5' : 'size-6')} />
      <p className={cn('px-2 text-center', compact ? 'text-xs' : 'text-sm')}>
        <Trans>Generation pending...</Trans>
      </p>
    </div>
  );
}
