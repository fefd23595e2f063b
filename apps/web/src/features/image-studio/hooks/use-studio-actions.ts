import { MESSAGES, type ModelEntry, modelCost } from '@ensemble/shared';
import { usePreferences } from '@/features/preferences';
import { useSession } from '@/features/session';
import { useModels } from '@/lib/models';
import { addAllJobs, addJob, changeJobModel } from '../jobs';
import { type RunContext, regenerate, runAll, runCost } from '../studio-runner';
import type { StudioJob } from '../studio-types';
import { useStudioStore } from '../studio-store';

/** The studio's actions bound to the caller, the live catalogue and the chosen aspect ratio. */
export function useStudioActions() {
  const { user } = useSession();
  const { catalogue, find } = useModels();
  const aspectRatio = usePreferences((s) => s.aspectRatio);
  const imageModels: ModelEntry[] = catalogue.image_models;
  const ctx: RunContext = {
    userId: user?.id ?? null,
    aspectRatio,
    isImageModel: (id) => Boolean(find(id, 'image')),
    costOf: (id) => modelCost(find(id, 'image')),
  };
  const { setNotice, updateJobs } = useStudioStore.getState();
  const apply = (result: ReturnType<typeof addJob>) => {
    if (result.error !== undefined) return setNotice({ type: 'error', message: result.error });
    setNotice(null);
    useStudioStore.setState({ jobs: result.jobs });
  };

  return {
    imageModels,
    /** 'Add Model': one pending job for a known image model. */
    addModel: (id: string) => {
      if (imageModels.length === 0) return setNotice({ type: 'error', message: MESSAGES.studioNoModels });
      if (!ctx.isImageModel(id)) return setNotice({ type: 'error', message: MESSAGES.studioModelUnavailable });
      apply(addJob(useStudioStore.getState().jobs, id, aspectRatio));
    },
    /** 'Add All': a pending job for every image model, within the 18-job limit. */
    addAll: () =>
      apply(
        addAllJobs(
          useStudioStore.getState().jobs,
          imageModels.map((m) => m.id),
          aspectRatio,
        ),
      ),
    /** Only a pending job changes model, and only to a known image model. */
    changeModel: (jobId: string, model: string) => {
      if (ctx.isImageModel(model)) updateJobs((jobs) => changeJobModel(jobs, jobId, model));
    },
    removeJob: (jobId: string) => updateJobs((jobs) => jobs.filter((j) => j.id !== jobId || j.status === 'loading')),
    clearAll: () => {
      if (useStudioStore.getState().running) return;
      setNotice(null);
      useStudioStore.setState({ jobs: [] });
    },
    runAll: () => runAll(ctx),
    /** What Run All would cost now: the pending jobs' models together. */
    runAllCost: (jobs: readonly StudioJob[]) =>
      runCost(
        ctx,
        jobs.filter((j) => j.status === 'pending'),
      ),
    regenerate: (jobId: string) => regenerate(ctx, jobId),
  };
}
