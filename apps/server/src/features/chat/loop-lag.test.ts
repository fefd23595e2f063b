import { afterEach, describe, expect, it } from 'vitest';
import { LoopLag } from './loop-lag.js';

const block = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const turn = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('LoopLag', () => {
  let lag: LoopLag | undefined;
  afterEach(() => lag?.close());

  it('is behind while the loop has not turned for longer than the limit, and after a turn that came that late', async () => {
    lag = new LoopLag(50);
    await turn(30);
    expect(lag.behind()).toBe(false);
    block(120);
    // Stalled right now: no tick could run.
    expect(lag.behind()).toBe(true);
    // The first tick after the stall comes about 110 ms late: still behind until the loop turns on time.
    await new Promise((r) => setImmediate(r));
    expect(lag.behind()).toBe(true);
    await turn(60);
    expect(lag.behind()).toBe(false);
  });

  it('is never behind when the limit is 0', async () => {
    lag = new LoopLag(0);
    block(120);
    expect(lag.behind()).toBe(false);
  });
});
