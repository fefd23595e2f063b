import { describe, expect, it } from 'vitest';
import { createRequestQueue } from './request-queue';

describe('createRequestQueue', () => {
  it('runs one request at a time in order, reports pending counts, and goes on after a failure', async () => {
    const order: string[] = [];
    const statuses: string[] = [];
    const settled: string[] = [];
    const gates: Record<string, () => void> = {};
    const queue = createRequestQueue<string>(
      (item) =>
        new Promise<void>((resolve, reject) => {
          order.push(`start ${item}`);
          gates[item] = () => (item === 'b' ? reject(new Error('boom')) : resolve());
        }),
      (s) => statuses.push(`${s.processing ? 'processing' : 'idle'}+${s.pending}`),
      (item, state) => settled.push(`${item} ${state}`),
    );
    queue.enqueue('a');
    queue.enqueue('b');
    queue.enqueue('c');
    expect(order).toEqual(['start a']);
    expect(queue.status()).toEqual({ processing: true, pending: 2 });
    gates.a!();
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual(['start a', 'start b']);
    gates.b!();
    await new Promise((r) => setTimeout(r, 0));
    gates.c!();
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual(['start a', 'start b', 'start c']);
    expect(settled).toEqual(['a completed', 'b failed', 'c completed']);
    expect(statuses.at(-1)).toBe('idle+0');
  });
});
