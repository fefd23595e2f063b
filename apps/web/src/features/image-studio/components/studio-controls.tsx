import { LIMITS } from '@ensemble/shared';
import { Layers, Play } from 'lucide-react';
import { AspectRatioPicker } from '@/components/aspect-ratio-picker';
import { Button } from '@/components/ui/button';
import { usePreferences } from '@/features/preferences';
import type { useStudioActions } from '../hooks/use-studio-actions';
import { useStudioStore } from '../studio-store';
import { AddModelMenu } from './add-model-menu';

/** The studio's prompt, aspect ratio, 'Add Model', 'Add All' and 'Run All'. */
export function StudioControls({ actions }: { actions: ReturnType<typeof useStudioActions> }) {
  const prompt = useStudioStore((s) => s.prompt);
  const running = useStudioStore((s) => s.running);
  const jobCount = useStudioStore((s) => s.jobs.length);
  const aspectRatio = usePreferences((s) => s.aspectRatio);
  return (
    <div className="rounded-3xl border border-border bg-surface p-3 shadow-sm sm:p-4">
      <label htmlFor="studio-prompt" className="sr-only">
        Prompt
      </label>
      <textarea
        id="studio-prompt"
        value={prompt}
        onChange={(e) => useStudioStore.getState().setPrompt(e.target.value)}
        placeholder="Describe the image you want every model to create..."
        rows={3}
        className="block max-h-[220px] min-h-[84px] w-full resize-none rounded-2xl bg-bg/60 px-4 py-3 text-body text-fg placeholder:text-subtle focus:outline-none focus:ring-2 focus:ring-ring field-sizing-content"
      />
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <AspectRatioPicker value={aspectRatio} onChange={(r) => usePreferences.getState().setAspectRatio(r)} />
        <AddModelMenu models={actions.imageModels} onAdd={actions.addModel} />
        <Button variant="secondary" icon={<Layers aria-hidden="true" className="size-4" />} onClick={actions.addAll}>
          Add All
        </Button>
        <span className="text-xs text-muted tabular-nums" aria-live="polite">
          {jobCount} of {LIMITS.imageStudioMaxJobs} models
        </span>
        <Button
          className="ml-auto w-full sm:w-auto"
          icon={<Play aria-hidden="true" className="size-4" />}
          loading={running}
          onClick={() => void actions.runAll()}
        >
          Run All
        </Button>
      </div>
    </div>
  );
}
