import { type AspectRatio, MESSAGES } from '@ensemble/shared';
import { isCreditsError } from '@/lib/api-client';
import { announceCredits } from '@/lib/credits';
import { fetchRemainingCredits } from './api/check-credits';
import { generateImage } from './api/generate-image';
import { canRegenerate, completeJob, failJob, startJob } from './jobs';
import { runPool } from './run-pool';
import { isLeavingPage, useStudioStore } from './studio-store';
import type { JobError, StudioJob } from './studio-types';
import { specText } from '@/i18n/server-messages';

/** What a run needs to know about the caller and the catalogue. */
export interface RunContext {
  userId: number | null;
  aspectRatio: AspectRatio;
  isImageModel(id: string): boolean;
  costOf(id: string): number;
}

const store = useStudioStore;

function creditsText(ctx: RunContext): string {
  return ctx.userId === null ? MESSAGES.creditsExhaustedGuest : MESSAGES.creditsExhaustedUser;
}

function toJobError(error: unknown): JobError {
  if (isCreditsError(error)) return { type: 'credits', message: error.message };
  const message = error instanceof Error && error.message ? error.message : MESSAGES.imageFailed;
  return { type: 'error', message };
}

async function runJob(ctx: RunContext, id: string, prompt: string, aspectRatio: AspectRatio): Promise<void> {
  const job = store.getState().jobs.find((j) => j.id === id);
  if (!job) return;
  const startTime = Date.now();
  store.getState().updateJobs((jobs) => startJob(jobs, id, { prompt, aspectRatio, startTime }));
  try {
    const image = await generateImage({ model: job.model, prompt, aspectRatio, userId: ctx.userId });
    // A cheaper fallback is charged its own cost, never more than the chosen model's.
    const cost = ctx.costOf(job.model);
    const credits = image.fallback ? Math.min(cost, ctx.costOf(image.fallback.answeredBy)) : cost;
    const stats = { time: Math.round((Date.now() - startTime) / 100) / 10, credits };
    store.getState().updateJobs((jobs) => completeJob(jobs, id, image.url, stats, image.fallback?.note));
    if (typeof image.creditsRemaining === 'number') announceCredits(image.creditsRemaining);
  } catch (error) {
    if (isLeavingPage()) return;
    const jobError = toJobError(error);
    store.getState().updateJobs((jobs) => failJob(jobs, id, jobError));
    const remaining = isCreditsError(error) ? error.creditsInfo?.remaining : undefined;
    if (typeof remaining === 'number') announceCredits(remaining);
  }
}

// The credit pre-check: a run starts only when the balance covers every job it will run (so a
// short balance does not end in a row of error cards). Reports its own refusal.
async function hasCredits(ctx: RunContext, need: number): Promise<boolean> {
  try {
    const remaining = await fetchRemainingCredits();
    if (remaining > 0 && remaining >= need) return true;
    const guest = ctx.userId === null;
    const message =
      remaining <= 0
        ? creditsText(ctx)
        : guest
          ? specText('studioInsufficientGuestCredits', { need, have: remaining }, MESSAGES.studioInsufficientGuestCredits(need, remaining))
          : specText('studioInsufficientCredits', { need, have: remaining }, MESSAGES.studioInsufficientCredits(need, remaining));
    announceCredits(Math.max(0, remaining));
    store.getState().setNotice({ type: 'credits', message });
  } catch (error) {
    store.getState().setNotice({ type: 'error', message: error instanceof Error ? error.message : MESSAGES.unknown });
  }
  return false;
}

// Takes the run lock for `work`; refuses (false) while another run holds it.
async function exclusive(work: () => Promise<void>): Promise<boolean> {
  if (store.getState().running) return false;
  store.setState({ running: true });
  try {
    await work();
  } finally {
    store.setState({ running: false });
  }
  return true;
}

/** What running these jobs costs in credits. */
export function runCost(ctx: Pick<RunContext, 'costOf'>, jobs: readonly StudioJob[]): number {
  return jobs.reduce((sum, job) => sum + ctx.costOf(job.model), 0);
}

/**
 * 'Run All': checks the prompt, the queue, the pending jobs, their models and that the balance
 * covers their total cost, then
 * runs every pending job with 3 workers started 200 ms apart. Ignored while a run is active.
 */
export function runAll(ctx: RunContext): Promise<boolean> {
  const { prompt: rawPrompt, jobs, running, setNotice } = store.getState();
  if (running) return Promise.resolve(false);
  const prompt = rawPrompt.trim();
  if (!prompt) return fail(MESSAGES.studioEnterPrompt);
  if (jobs.length === 0) return fail(MESSAGES.studioAddModel);
  const pending = jobs.filter((j) => j.status === 'pending');
  if (pending.length === 0) return fail(MESSAGES.studioNoPending);
  if (pending.some((j) => !ctx.isImageModel(j.model))) return fail(MESSAGES.studioModelUnavailable);
  setNotice(null);
  return exclusive(async () => {
    if (!(await hasCredits(ctx, runCost(ctx, pending)))) return;
    await runPool(
      pending.map((j) => j.id),
      (id) => runJob(ctx, id, prompt, ctx.aspectRatio),
    );
  });
}

/** Regenerates a complete or errored job with its own prompt and shape (a run of one). */
export function regenerate(ctx: RunContext, id: string): Promise<boolean> {
  const job = store.getState().jobs.find((j) => j.id === id);
  if (!job || !canRegenerate(job) || store.getState().running) return Promise.resolve(false);
  const prompt = job.prompt || store.getState().prompt.trim();
  if (!prompt) return fail(MESSAGES.studioEnterPrompt);
  if (!ctx.isImageModel(job.model)) return fail(MESSAGES.studioModelUnavailable);
  store.getState().setNotice(null);
  return exclusive(async () => {
    if (!(await hasCredits(ctx, ctx.costOf(job.model)))) return;
    await runJob(ctx, id, prompt, job.metadata.aspectRatio);
  });
}

function fail(message: string): Promise<boolean> {
  store.getState().setNotice({ type: 'error', message });
  return Promise.resolve(false);
}
