import { LIMITS } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Layers, Play } from 'lucide-react';
import { AspectRatioPicker } from '@/components/aspect-ratio-picker';
import { Button } from '@/components/ui/button';
import { useQuery } from '@tanstack/react-query';
import { creditsQueryOptions } from '@/lib/credits';
import { costLabel } from '@/lib/models';
import { usePreferences } from '@/features/preferences';
import type { useStudioActions } from '../hooks/use-studio-actions';
import { useStudioStore } from '../studio-store';
import { AddModelMenu } from './add-model-menu';

/** The studio's prompt, aspect ratio, 'Add Model', 'Add All' and 'Run All: N credits' (warned when past the balance). */
export function StudioControls({ actions }: { actions: ReturnType<typeof useStudioActions> }) {
  const { t } = useLingui();
  const prompt = useStudioStore((s) => s.prompt);
  const running = useStudioStore((s) => s.running);
  const jobs = useStudioStore((s) => s.jobs);
  const jobCount = jobs.length;
  const aspectRatio = usePreferences((s) => s.aspectRatio);
  const total = actions.runAllCost(jobs);
  const balance = useQuery(creditsQueryOptions()).data?.remaining;
  const short = total > 0 && balance !== undefined && total > balance;
  const maxJobs = LIMITS.imageStudioMaxJobs;
  const totalCost = costLabel(total);
  const balanceCost = costLabel(balance ?? 0);
  return (
    <div className="rounded-3xl border border-border bg-surface p-3 shadow-sm sm:p-4">
      <label htmlFor="studio-prompt" className="sr-only">
        <Trans>Prompt</Trans>
      </label>
      <textarea
        id="studio-prompt"
        value={prompt}
        onChange={(e) => useStudioStore.getState().setPrompt(e.target.value)}
        placeholder={t`Describe the image you want every model to create...`}
        rows={3}
        className="block max-h-[220px] min-h-[84px] w-full resize-none rounded-2xl bg-bg/60 px-4 py-3 text-body text-fg placeholder:text-subtle focus:outline-none focus:ring-2 focus:ring-ring field-sizing-content"
      />
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <AspectRatioPicker value={aspectRatio} onChange={(r) => usePreferences.getState().setAspectRatio(r)} />
        <AddModelMenu models={actions.imageModels} onAdd={actions.addModel} />
        <Button variant="secondary" icon={<Layers aria-hidden="true" className="size-4" />} onClick={actions.addAll}>
          <Trans>Add All</Trans>
        </Button>
        <span className="text-xs text-muted tabular-nums" aria-live="polite">
          <Trans>
            {jobCount} of {maxJobs} models
          </Trans>
        </span>
        <Button
          className="ms-auto w-full sm:w-auto"
          icon={<Play aria-hidden="true" className="size-4" />}
          loading={running}
          onClick={() => void actions.runAll()}
          aria-describedby={short ? 'studio-run-warning' : undefined}
        >
          {total > 0 ? t`Run All: ${totalCost}` : t`Run All`}
        </Button>
      </div>
      {short && (
        <p id="studio-run-warning" role="status" className="mt-2 text-sm text-warning sm:text-right" data-testid="studio-run-warning">
          <Trans>
            Run All needs {totalCost}, but you have {balanceCost}. Remove some models or get more credits first.
          </Trans>
        </p>
      )}
    </div>
  );
}
