import type { StreamEvent } from '@ensemble/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StreamBatcher } from './stream-batcher.js';

const WINDOW_MS = 50;
const delta = (content: string): StreamEvent => ({ content, message_id: 7, format: 'markdown' });
// The windows run on a fake clock: a busy machine (a long pause between two pushes) cannot move a delta into another window.
const sleep = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('StreamBatcher', () => {
  const batchers: StreamBatcher[] = [];
  // What went out, in order: the text of each content event, or the JSON of any other event.
  const make = () => {
    const out: string[] = [];
    const batcher = new StreamBatcher(WINDOW_MS, (_id, data, added) => out.push(added || data));
    batchers.push(batcher);
    return { batcher, out, text: () => out.filter((e) => !e.startsWith('{')).join('') };
  };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    for (const b of batchers.splice(0)) b.close();
    vi.useRealTimers();
  });

  it('sends a delta that comes in the window after another event within that window, before any later delta', async () => {
    const { batcher, out, text } = make();
    batcher.push('s', delta('Long'));
    batcher.push('s', { type: 'fallback', answered_by: 'gpt-4o-mini', note: 'Answered by GPT-4o mini', cost: 1 });
    batcher.push('s', delta(' Detail'));
    await sleep(WINDOW_MS + 30);
    // Out by the end of its window, without waiting for a later delta (which went out ahead of it).
    const afterWindow = text();
    batcher.push('s', delta('ed'));
    batcher.end('s');
    expect({ afterWindow, whole: text() }).toEqual({ afterWindow: 'Long Detail', whole: 'Long Detailed' });
    expect(out[1]).toContain('"type":"fallback"');
  });

  it('joins the deltas of one window into one event, the first at once, across many streams', async () => {
    const { batcher, out } = make();
    for (const id of ['a', 'b']) batcher.push(id, delta(`${id}1`));
    expect(out).toEqual(['a1', 'b1']);
    for (const id of ['a', 'b']) for (const n of [2, 3, 4]) batcher.push(id, delta(`${id}${n}`));
    expect(out).toEqual(['a1', 'b1']);
    await sleep(WINDOW_MS + 30);
    expect(out).toEqual(['a1', 'b1', 'a2a3a4', 'b2b3b4']);
  });
});
