import { afterEach, describe, expect, it } from 'vitest';
import { emitBrowserEvent } from '@/lib/browser-events';
import { INITIAL_STUDIO, useStudioStore } from './studio-store';

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
});
