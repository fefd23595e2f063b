import { IMAGE_MODELS, MESSAGES } from '@ensemble/shared';
import { describe, expect, it } from 'vitest';
import { addAllJobs, addJob, canRegenerate, changeJobModel, completeJob, completedUrls, failJob, startJob } from './jobs';
import type { StudioJob } from './studio-types';

const ids = IMAGE_MODELS.map((m) => m.id);

function fill(count: number): StudioJob[] {
  let jobs: StudioJob[] = [];
  for (let i = 0; i < count; i++) jobs = addJob(jobs, 'flux', 'square').jobs!;
  return jobs;
}

describe('studio jobs', () => {
  it('adds pending jobs up to 18 and refuses the 19th', () => {
    const jobs = fill(18);
    expect(jobs).toHaveLength(18);
    expect(jobs.every((j) => j.status === 'pending')).toBe(true);
    expect(new Set(jobs.map((j) => j.id)).size).toBe(18);
    expect(addJob(jobs, 'sdxl', 'square')).toEqual({ error: MESSAGES.studioMaxModels });
  });

  it('adds every model at once unless that passes 18', () => {
    const first = addAllJobs([], ids, 'wide').jobs!;
    expect(first.map((j) => j.model)).toEqual(ids);
    expect(first[0]!.metadata.aspectRatio).toBe('wide');
    expect(addAllJobs(first, ids, 'wide')).toEqual({ error: MESSAGES.studioAddAllTooMany });
    expect(addAllJobs(fill(8), ids, 'square').jobs).toHaveLength(18);
    expect(addAllJobs([], [], 'square')).toEqual({ error: MESSAGES.studioNoModels });
  });

  it('changes the model of a pending job only', () => {
    const [a, b] = fill(2) as [StudioJob, StudioJob];
    let jobs = startJob([a, b], b.id, { prompt: 'p', aspectRatio: 'square', startTime: 1 });
    jobs = changeJobModel(jobs, a.id, 'sdxl');
    jobs = changeJobModel(jobs, b.id, 'sdxl');
    expect(jobs.map((j) => j.model)).toEqual(['sdxl', 'flux']);
  });

  it('moves a job through loading to complete or error, and lists finished URLs', () => {
    const [a, b, c] = fill(3) as [StudioJob, StudioJob, StudioJob];
    let jobs = startJob([a, b, c], a.id, { prompt: 'A fox', aspectRatio: 'tall', startTime: 5 });
    expect(jobs[0]).toMatchObject({ status: 'loading', prompt: 'A fox', startTime: 5, metadata: { aspectRatio: 'tall' } });
    jobs = completeJob(jobs, a.id, '/api/images/file/a', { time: 2.5, credits: 4 });
    jobs = failJob(jobs, b.id, { type: 'error', message: 'Failed to generate image' });
    expect(jobs.map((j) => j.status)).toEqual(['complete', 'error', 'pending']);
    expect(completedUrls(jobs)).toEqual(['/api/images/file/a']);
    expect(canRegenerate(jobs[0]!)).toBe(true);
    expect(canRegenerate(jobs[1]!)).toBe(true);
    expect(canRegenerate(jobs[2]!)).toBe(false);
    expect(canRegenerate(failJob(jobs, c.id, { type: 'credits', message: 'out' })[2]!)).toBe(false);
  });
});
