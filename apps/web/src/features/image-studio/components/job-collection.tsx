import type { AspectRatio, ModelEntry } from '@ensemble/shared';
import { useLingui } from '@lingui/react/macro';
import { cn } from '@/lib/cn';
import type { StudioJob, StudioView } from '../studio-types';
import { JobCard } from './job-card';
import type { JobCardHandlers } from './job-parts';
import { JobRow } from './job-row';

const LAYOUT: Record<StudioView, string> = {
  grid: 'grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4',
  list: 'flex flex-col gap-3',
  filmstrip: 'flex snap-x snap-mandatory items-start gap-4 overflow-x-auto pb-3',
};

/** The queued jobs in the chosen layout (grid, list or filmstrip). */
export function JobCollection(props: {
  jobs: StudioJob[];
  view: StudioView;
  models: ModelEntry[];
  aspectRatio: AspectRatio;
  running: boolean;
  continuingId: string | null;
  creditsHref: string;
  handlers: JobCardHandlers;
}) {
  const { t } = useLingui();
  const { jobs, view, continuingId, ...rest } = props;
  return (
    <section aria-label={t`Generated images`} data-view={view} className={cn(LAYOUT[view])}>
      {jobs.map((job) =>
        view === 'list' ? (
          <JobRow key={job.id} job={job} continuing={continuingId === job.id} {...rest} />
        ) : (
          <JobCard key={job.id} job={job} continuing={continuingId === job.id} filmstrip={view === 'filmstrip'} {...rest} />
        ),
      )}
    </section>
  );
}
