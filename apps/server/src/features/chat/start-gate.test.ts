import { describe, expect, it } from 'vitest';
import { StartGate } from './start-gate.js';

/** Keeps the CPU busy for `ms`, as a chat start's synchronous work does. */
const burn = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
};
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * Sends `count` starts, each its own callback of one turn of the loop (as request bodies that
 * arrived together are), each burning `ms` once it may run. Resolves when all have run; `ran`
 * gets their numbers in the order they ran.
 */
function burst(gate: StartGate, count: number, ms: number, ran: number[]): Promise<unknown> {
  return Promise.all(
    Array.from(
      { length: count },
      (_, i) =>
        new Promise<void>((done) =>
          setImmediate(async () => {
            await gate.enter();
            ran.push(i);
            burn(ms);
            done();
          }),
        ),
    ),
  );
}

describe('StartGate', () => {
  it('lets a lone start through at once, and every start when the budget is 0', async () => {
    const gate = new StartGate(10);
    expect(gate.enter()).toBeUndefined();
    await nextTurn();
    expect(gate.enter()).toBeUndefined();
    const off = new StartGate(0);
    const ran: number[] = [];
    const all = burst(off, 20, 1, ran);
    // Nothing waits: each start ran within the turn it came in, before work queued after them.
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran).toHaveLength(20);
    await all;
    expect(off.waiting).toBe(0);
  });

  it('holds the starts beyond one turn of budget for later turns, lets other work run between, and keeps their order', async () => {
    const gate = new StartGate(10);
    const ran: number[] = [];
    // From the timers phase of a turn, as a burst of requests comes in before the turn's end.
    await nextTurn();
    const all = burst(gate, 8, 6, ran);
    // Work that became ready after the burst (a health check, a running stream's token) runs
    // before the starts that found the budget spent.
    const seenByOtherWork = await new Promise<number>((resolve) => setImmediate(() => resolve(ran.length)));
    expect(seenByOtherWork).toBeGreaterThanOrEqual(1);
    expect(seenByOtherWork).toBeLessThanOrEqual(2);
    expect(gate.waiting).toBe(8 - seenByOtherWork);
    await all;
    expect(ran).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(gate.waiting).toBe(0);
    // Once the burst is through, a lone start goes at once again.
    await nextTurn();
    expect(gate.enter()).toBeUndefined();
  });

  it('spreads a queued burst over several turns, a budget of starts in each', async () => {
    const gate = new StartGate(10);
    const ran: number[] = [];
    await nextTurn();
    const all = burst(gate, 12, 6, ran);
    const perTurn: number[] = [];
    let last = 0;
    // One sample per turn of the loop, taken in its check phase after the gate's slots.
    while (ran.length < 12) {
      await new Promise((resolve) => setImmediate(resolve));
      perTurn.push(ran.length - last);
      last = ran.length;
    }
    await all;
    // 6 ms a start and 10 ms a turn: never more than two starts in one turn.
    expect(Math.max(...perTurn)).toBeLessThanOrEqual(2);
    expect(perTurn.filter((n) => n > 0).length).toBeGreaterThanOrEqual(6);
  });
});
