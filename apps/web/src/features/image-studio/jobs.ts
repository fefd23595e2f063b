import { type AspectRatio, LIMITS, MESSAGES } from '@ensemble/shared';
import type { JobError, StudioJob } from './studio-types';

/** Either the new job list or the reason the change was refused. */
export type JobsResult = { jobs: StudioJob[]; error?: undefined } | { jobs?: undefined; error: string };

let counter = 0;
/** A job id unique within this page. */
export function newJobId(): string {
  counter += 1;
  return `job-${Date.now().toString(36)}-${counter}`;
}

function pendingJob(model: string, aspectRatio: AspectRatio): StudioJob {
  return { id: newJobId(), model, status: 'pending', prompt: '', metadata: { aspectRatio } };
}

/** Adds one pending job; refused past 18 jobs. */
export function addJob(jobs: StudioJob[], model: string, aspectRatio: AspectRatio): JobsResult {
  if (jobs.length >= LIMITS.imageStudioMaxJobs) return { error: MESSAGES.studioMaxModels };
  return { jobs: [...jobs, pendingJob(model, aspectRatio)] };
}

/** Adds a pending job for every model; refused when that would pass 18 jobs. */
export function addAllJobs(jobs: StudioJob[], models: readonly string[], aspectRatio: AspectRatio): JobsResult {
  if (models.length === 0) return { error: MESSAGES.studioNoModels };
  if (jobs.length + models.length > LIMITS.imageStudioMaxJobs) return { error: MESSAGES.studioAddAllTooMany };
  return { jobs: [...jobs, ...models.map((m) => pendingJob(m, aspectRatio))] };
}

/** Changes a job's model; only a pending job can change. */
export function changeJobModel(jobs: StudioJob[], id: string, model: string): StudioJob[] {
  return jobs.map((j) => (j.id === id && j.status === 'pending' ? { ...j, model } : j));
}

/** Puts a job into loading for a run with this prompt and shape. */
export function startJob(jobs: StudioJob[], id: string, run: { prompt: string; aspectRatio: AspectRatio; startTime: number }): StudioJob[] {
  return jobs.map((j) =>
    j.id === id
      ? {
          ...j,
          status: 'loading',
          prompt: run.prompt,
          startTime: run.startTime,
          metadata: { aspectRatio: run.aspectRatio },
          imageUrl: undefined,
          error: undefined,
          completionStats: undefined,
          note: undefined,
        }
      : j,
  );
}

/** Marks a job done with its image, stats and fallback note (a job removed meanwhile stays removed). */
export function completeJob(
  jobs: StudioJob[],
  id: string,
  imageUrl: string,
  stats: { time: number; credits: number },
  note?: string,
): StudioJob[] {
  return jobs.map((j) => (j.id === id ? { ...j, status: 'complete', imageUrl, completionStats: stats, error: undefined, note } : j));
}

/** Marks a job failed. */
export function failJob(jobs: StudioJob[], id: string, error: JobError): StudioJob[] {
  return jobs.map((j) => (j.id === id ? { ...j, status: 'error', error, imageUrl: undefined } : j));
}

/** Whether a job can be regenerated (complete or errored, not out of credits). */
export function canRegenerate(job: StudioJob): boolean {
  return job.status === 'complete' || (job.status === 'error' && job.error?.type !== 'credits');
}

/** The URLs of the finished images, in queue order. */
export function completedUrls(jobs: StudioJob[]): string[] {
  return jobs.flatMap((j) => (j.status === 'complete' && j.imageUrl ? [j.imageUrl] : []));
}
