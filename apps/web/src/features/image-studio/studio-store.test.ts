import { afterEach, describe, expect, it } from 'vitest';
import { emitBrowserEvent } from '@/lib/browser-events';
import { INITIAL_STUDIO, restoredJobs, useStudioStore } from './studio-store';

afterEach(() => useStudioStore.setState(INITIAL_STUDIO));

describe('studio store', () => {
  it.each(['authLogin', 'authLogout'] as const)('forgets the queue and prompt on %s, keeping the layout', (event) => {
    useStudioStore.setState({
      prompt: 'A fox',
      view: 'list',
      jobs: [
        {
          id: 'j',
          model: 'flux',
          status: 'complete',
          prompt: 'A fox',
          imageUrl: '/api/images/file/x',
          metadata: { aspectRatio: 'square' },
        },
      ],
    });
    emitBrowserEvent(event, {});
    const state = useStudioStore.getState();
    expect([state.prompt, state.jobs, state.view]).toEqual(['', [], 'list']);
  });

  it('keeps the prompt and queue in session storage, so a reload finds them', () => {
    const job = { id: 'j1', model: 'flux', status: 'pending' as const, prompt: '', metadata: { aspectRatio: 'square' as const } };
    useStudioStore.setState({ prompt: 'A fox', jobs: [job] });
    const saved = JSON.parse(sessionStorage.getItem('imageStudio') ?? '{}');
    expect(saved.state).toMatchObject({ prompt: 'A fox', jobs: [job] });
  });

  it('turns a job that was running at the reload into an interrupted one, and drops malformed entries', () => {
    const jobs = restoredJobs([
      { id: 'a', model: 'flux', status: 'loading', prompt: 'A fox', startTime: 1, metadata: { aspectRatio: 'wide' } },
      { id: 'b', model: 'sdxl', status: 'complete', prompt: 'A fox', imageUrl: '/api/images/file/x', metadata: { aspectRatio: 'square' } },
      { id: 'c', model: 'flux', status: 'exploded', metadata: { aspectRatio: 'square' } },
      'junk',
    ]);
    expect(jobs.map((j) => [j.id, j.status, j.error?.message])).toEqual([
      ['a', 'error', 'Interrupted: check My Assets'],
      ['b', 'complete', undefined],
    ]);
  });
});
