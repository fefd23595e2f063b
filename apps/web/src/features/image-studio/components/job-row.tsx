import type { AspectRatio } from '@ensemble/shared';
import { JobHeader, JobImageActions, JobStats, type JobViewProps } from './job-parts';
import { JobMedia } from './job-media';

/** A job in the list: a thumbnail, then model, prompt, stats and actions beside it. */
export function JobRow({ aspectRatio, ...props }: JobViewProps & { aspectRatio: AspectRatio }) {
  const { job, models, creditsHref, running, handlers } = props;
  return (
    <article
      aria-label={models.find((m) => m.id === job.model)?.name ?? job.model}
      data-status={job.status}
      className="flex items-start gap-4 rounded-2xl border border-border bg-surface p-3 shadow-sm transition-colors hover:border-border-strong"
    >
      <JobMedia
        job={job}
        aspectRatio={job.status === 'pending' ? aspectRatio : job.metadata.aspectRatio}
        creditsHref={creditsHref}
        onRetry={() => handlers.onRegenerate(job.id)}
        retryDisabled={running}
        compact
        className="w-28 shrink-0 sm:w-40"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 self-stretch">
        <JobHeader job={job} models={models} handlers={handlers} />
        {job.prompt && <p className="line-clamp-3 px-1 text-sm text-muted">{job.prompt}</p>}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          <JobStats job={job} models={models} />
          <JobImageActions {...props} />
        </div>
      </div>
    </article>
  );
}
