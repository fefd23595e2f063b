import type { ModelEntry } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { MessageSquarePlus, RefreshCw, X } from 'lucide-react';
import { FallbackNote } from '@/components/fallback-note';
import { ModelIcon, ModelPicker } from '@/components/model-picker';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { costLabel } from '@/lib/models';
import { canRegenerate } from '../jobs';
import type { StudioJob } from '../studio-types';
import { OpenInNewTab } from '@/components/ui/open-in-new-tab';

/** What a job card can ask for. */
export interface JobCardHandlers {
  onRemove: (id: string) => void;
  onChangeModel: (id: string, model: string) => void;
  onRegenerate: (id: string) => void;
  onContinue: (job: StudioJob) => void;
}

/** Everything a job's card or row shows and does. */
export interface JobViewProps {
  job: StudioJob;
  models: ModelEntry[];
  running: boolean;
  continuing: boolean;
  creditsHref: string;
  handlers: JobCardHandlers;
}

/** The job's model (a picker while pending, else its name) and the remove button. */
export function JobHeader({ job, models, handlers }: Pick<JobViewProps, 'job' | 'models' | 'handlers'>) {
  const { t } = useLingui();
  const model = models.find((m) => m.id === job.model);
  const name = model?.name ?? job.model;
  return (
    <div className="flex items-center gap-2">
      {job.status === 'pending' ? (
        <ModelPicker
          models={models}
          value={job.model}
          onChange={(id) => handlers.onChangeModel(job.id, id)}
          label={t`Change model`}
          className="min-w-0 flex-1"
        />
      ) : (
        <div className="flex min-w-0 flex-1 items-center gap-2 px-1">
          <ModelIcon model={model} />
          <span className="min-w-0 text-sm font-medium text-fg [overflow-wrap:anywhere]">{name}</span>
          {model?.demo ? (
            <Badge>
              <Trans>demo</Trans>
            </Badge>
          ) : null}
        </div>
      )}
      <IconButton
        label={t`Remove ${name}`}
        size="sm"
        icon={<X aria-hidden="true" />}
        onClick={() => handlers.onRemove(job.id)}
        disabled={job.status === 'loading'}
        className="ms-auto"
      />
    </div>
  );
}

/** Time and credits of a finished job, or the model's cost before it runs. */
export function JobStats({ job, models }: Pick<JobViewProps, 'job' | 'models'>) {
  if (job.completionStats) {
    const seconds = job.completionStats.time.toFixed(1);
    const cost = costLabel(job.completionStats.credits);
    return (
      <div className="flex flex-col gap-1">
        <p className="px-1 text-xs text-muted tabular-nums" data-testid="completion-stats">
          <Trans>
            {seconds}s · {cost}
          </Trans>
        </p>
        {job.note && <FallbackNote note={job.note} className="px-1" />}
      </div>
    );
  }
  const model = models.find((m) => m.id === job.model);
  return model ? <Badge tone="accent">{costLabel(model.cost)}</Badge> : null;
}

/** Regenerate, open in a new tab and 'Continue in chat', for a finished image. */
export function JobImageActions({ job, running, continuing, handlers }: Pick<JobViewProps, 'job' | 'running' | 'continuing' | 'handlers'>) {
  const { t } = useLingui();
  if (job.status !== 'complete' || !job.imageUrl) return null;
  return (
    <div className="flex flex-wrap items-center gap-1">
      <IconButton
        label={t`Regenerate`}
        size="sm"
        icon={<RefreshCw aria-hidden="true" />}
        onClick={() => handlers.onRegenerate(job.id)}
        disabled={running || !canRegenerate(job)}
      />
      <OpenInNewTab href={job.imageUrl} />
      <Button
        size="sm"
        variant="secondary"
        icon={<MessageSquarePlus aria-hidden="true" className="size-3.5" />}
        loading={continuing}
        onClick={() => handlers.onContinue(job)}
      >
        <Trans>Continue in chat</Trans>
      </Button>
    </div>
  );
}
