import type { AspectRatio } from '@ensemble/shared';
import { cn } from '@/lib/cn';
import { JobHeader, JobImageActions, JobStats, type JobViewProps } from './job-parts';
import { JobMedia } from './job-media';

/** A job in the grid or filmstrip: model, picture area, then stats and actions once finished. */
export function JobCard({ filmstrip, aspectRatio, ...props }: JobViewProps & { filmstrip?: boolean; aspectRatio: AspectRatio }) {
  const { job, models, creditsHref, running, handlers } = props;
  return (
    <article
      aria-label={models.find((m) => m.id === job.model)?.name ?? job.model}
      data-status={job.status}
      className={cn(
        'flex flex-col gap-3 rounded-2xl border border-border bg-surface p-3 shadow-sm transition-colors hover:border-border-strong',
        filmstrip && 'w-72 shrink-0 snap-start',
      )}
    >
      <JobHeader job={job} models={models} handlers={handlers} />
      <JobMedia
        job={job}
        aspectRatio={job.status === 'pending' ? aspectRatio : job.metadata.aspectRatio}
        creditsHref={creditsHref}
        onRetry={() => handlers.onRegenerate(job.id)}
        retryDisabled={running}
      />
      {job.status === 'complete' && (
        <div className="flex flex-wrap items-center justify-between gap-1.5">
          <JobStats job={job} models={models} />
          <JobImageActions {...props} />
        </div>
      )}
    </article>
  );
}
