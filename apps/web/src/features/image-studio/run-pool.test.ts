import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runPool } from './run-pool';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('runPool', () => {
  it('starts 3 workers 200 ms apart and never runs more than 3 items at once', async () => {
    const started: Array<{ item: number; at: number }> = [];
    const finishers = new Map<number, () => void>();
    let active = 0;
    let peak = 0;
    const t0 = Date.now();
    const done = runPool([1, 2, 3, 4, 5], (item) => {
      started.push({ item, at: Date.now() - t0 });
      active += 1;
      peak = Math.max(peak, active);
      return new Promise<void>((resolve) =>
        finishers.set(item, () => {
          active -= 1;
          resolve();
        }),
      );
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([{ item: 1, at: 0 }]);
    await vi.advanceTimersByTimeAsync(200);
    expect(started.map((s) => s.item)).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(200);
    expect(started).toEqual([
      { item: 1, at: 0 },
      { item: 2, at: 200 },
      { item: 3, at: 400 },
    ]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(started).toHaveLength(3);
    finishers.get(2)!();
    await vi.advanceTimersByTimeAsync(0);
    expect(started.map((s) => s.item)).toEqual([1, 2, 3, 4]);
    for (const item of [1, 3, 4]) finishers.get(item)!();
    await vi.advanceTimersByTimeAsync(0);
    finishers.get(5)!();
    await done;
    expect(peak).toBe(3);
  });

  it('goes on after a failing item and starts no more workers than items', async () => {
    const seen: number[] = [];
    const done = runPool(
      [1, 2],
      async (item) => {
        seen.push(item);
        if (item === 1) throw new Error('boom');
      },
      { workers: 3, staggerMs: 200 },
    );
    await vi.advanceTimersByTimeAsync(1_000);
    await done;
    expect(seen).toEqual([1, 2]);
  });
});
