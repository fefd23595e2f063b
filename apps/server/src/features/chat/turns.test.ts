import { describe, expect, it } from 'vitest';
import { createLoopTurns } from './turns.js';

/** Counts turns of the event loop: one step per check phase, for as long as it runs. */
function loopCounter() {
  const state = { turn: 0, running: true };
  const next = () => {
    if (!state.running) return;
    state.turn++;
    setImmediate(next);
  };
  setImmediate(next);
  return state;
}

describe('turns at the event loop for chats', () => {
  it('starts at most the per-turn number of steps in one turn, first come first served', async () => {
    const turns = createLoopTurns(8);
    const counter = loopCounter();
    const started: Array<{ step: number; turn: number }> = [];
    const steps = Array.from({ length: 20 }, (_, step) => turns.take().then(() => started.push({ step, turn: counter.turn })));
    expect(turns.waiting()).toBe(12);
    await Promise.all(steps);
    counter.running = false;

    expect(started.map((s) => s.step)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const perTurn = new Map<number, number>();
    for (const s of started) perTurn.set(s.turn, (perTurn.get(s.turn) ?? 0) + 1);
    expect([...perTurn.values()]).toEqual([8, 8, 4]);
    expect(turns.waiting()).toBe(0);
  });

  it('lets what arrived meanwhile run between two bursts of steps', async () => {
    const turns = createLoopTurns(2);
    const order: string[] = [];
    // Each step works synchronously for 2 ms, as an admission on SQLite does.
    const work = (i: number) => {
      const until = performance.now() + 2;
      while (performance.now() < until);
      order.push(`step ${i}`);
    };
    // Something that comes in from outside while the burst waits (a health check, a token).
    setTimeout(() => order.push('timer'), 1);
    const steps = Array.from({ length: 6 }, (_, i) => turns.take().then(() => work(i)));
    await Promise.all(steps);
    const timer = order.indexOf('timer');
    expect(timer).toBeGreaterThan(0);
    expect(timer).toBeLessThan(order.length - 1);
  });

  it('does not hold a lone step back', async () => {
    const turns = createLoopTurns(8);
    let started = false;
    const step = turns.take().then(() => {
      started = true;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toBe(true);
    await step;
  });

  it('renews the allowance every turn, so steps that come one at a time never wait', async () => {
    const turns = createLoopTurns(1);
    for (let i = 0; i < 5; i++) {
      let started = false;
      await Promise.race([
        turns.take().then(() => {
          started = true;
        }),
        Promise.resolve(),
      ]);
      expect(started).toBe(true);
      await new Promise((r) => setImmediate(r));
    }
  });
});
