import { LIMITS } from '@ensemble/shared';
import { sleep } from '@/lib/sleep';

/**
 * Runs `work` over the items with a fixed number of workers, each started `staggerMs` after the
 * previous one (3 workers, 200 ms apart by default); each worker takes the next item when it is
 * free. Resolves when every item is done; a failing item does not stop the others.
 */
export async function runPool<T>(
  items: readonly T[],
  work: (item: T) => Promise<unknown>,
  options: { workers?: number; staggerMs?: number } = {},
): Promise<void> {
  const workers = Math.max(1, options.workers ?? LIMITS.imageStudioWorkers);
  const staggerMs = options.staggerMs ?? LIMITS.imageStudioStaggerMs;
  let next = 0;
  const worker = async (index: number) => {
    if (index > 0) await sleep(index * staggerMs);
    while (next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch {
        // Each item reports its own failure; the worker moves on.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(workers, items.length) }, (_, i) => worker(i)));
}
