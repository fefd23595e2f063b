import { TEXT_MODELS } from '@ensemble/shared';
import { describe, expect, it } from 'vitest';
import { blindRequest, drawTiers } from './blind-request';

describe('blindRequest and drawTiers', () => {
  const catalogue = { text_models: [...TEXT_MODELS], image_models: [] };
  const gpt = TEXT_MODELS.find((m) => m.id === 'gpt-4o');
  const o1 = TEXT_MODELS.find((m) => m.id === 'o1-mini');

  it('offers the costs with two rows of the same kind', () => {
    expect(drawTiers(catalogue)).toEqual([1, 3]);
    const lonely = [{ ...TEXT_MODELS[0], cost: 7 } as (typeof TEXT_MODELS)[number]];
    expect(drawTiers({ text_models: lonely, image_models: [] })).toEqual([]);
    // Two rows at 1 credit, but one is the demo's: they cannot be drawn together.
    const mixed = [gpt, { ...TEXT_MODELS[1], cost: 1, demo: true }].filter(Boolean) as (typeof TEXT_MODELS)[number][];
    expect(drawTiers({ text_models: mixed, image_models: [] })).toEqual([]);
  });

  it('builds the start request or names the problem', () => {
    expect(blindRequest('  ', { mode: 'draw', cost: 1 }, [])).toEqual({ problem: 'Please enter a prompt' });
    expect(blindRequest(' Hi ', { mode: 'draw', cost: 3 }, [])).toEqual({ request: { type: 'text', prompt: 'Hi', cost: 3 } });
    if (!gpt || !o1) throw new Error('catalogue changed');
    expect(blindRequest('Hi', { mode: 'choose', picks: [] }, [gpt, o1])).toMatchObject({ problem: expect.stringContaining('same cost') });
  });
});
