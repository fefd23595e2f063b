import type { AspectRatio } from '@ensemble/shared';

/** Where a job is: added, running, done, or failed (screens.md section 4). */
export type JobStatus = 'pending' | 'loading' | 'complete' | 'error';

/** A job's failure; 'credits' has no retry, only the action link. */
export interface JobError {
  message: string;
  type: 'error' | 'credits';
}

/** One model's image in the studio queue (screens.md section 3, "Image studio job"). */
export interface StudioJob {
  id: string;
  model: string;
  status: JobStatus;
  /** The prompt of the last run (empty until the job first runs). */
  prompt: string;
  imageUrl?: string;
  error?: JobError;
  /** Epoch ms of the current run's start. */
  startTime?: number;
  completionStats?: { time: number; credits: number };
  /** "Answered by {fallback} because {model} was unavailable", when a fallback model drew the image. */
  note?: string;
  metadata: { aspectRatio: AspectRatio };
}

/** The studio's three layouts. */
export type StudioView = 'grid' | 'list' | 'filmstrip';

/** A message over the studio (validation, a failed run, download or hand-off). */
export interface StudioNotice {
  message: string;
  type: 'error' | 'credits';
}
