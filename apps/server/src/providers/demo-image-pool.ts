import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { DemoImageInput } from './demo-image.js';
import type { DemoImageAnswer, DemoImageJob } from './demo-image-worker.js';

// Built to JavaScript (production) the worker loads as it is; from TypeScript source (tsx, tests) the
// thread first registers tsx, which Node does not hand to worker threads.
const ENTRY = import.meta.url.endsWith('.ts')
  ? new URL('./demo-image-thread.mjs', import.meta.url)
  : new URL('./demo-image-worker.js', import.meta.url);

interface Pending {
  job: DemoImageJob;
  resolve(bytes: Uint8Array): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
}

/**
 * A small pool of worker threads that draw demo images, so that a wide picture (about a second of
 * CPU) never blocks the event loop. Jobs wait in order for a free worker; a worker that dies fails
 * its job and is replaced. Workers start on first use and do not keep the process alive.
 */
export class DemoImagePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;

  constructor(private readonly size = Math.max(1, Math.min(2, availableParallelism() - 1))) {}

  /** Draws one picture on a worker thread. */
  draw(input: DemoImageInput): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { id: this.nextId++, input }, resolve, reject });
      this.pump();
    });
  }

  /** Stops every worker; waiting and running jobs fail. */
  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    for (const pending of this.queue.splice(0)) pending.reject(new Error('demo image pool closed'));
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.busy === null) ?? (this.slots.length < this.size ? this.spawn() : undefined);
      if (!slot) return;
      const pending = this.queue.shift() as Pending;
      slot.busy = pending;
      slot.worker.ref();
      slot.worker.postMessage(pending.job);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(ENTRY);
    const slot: Slot = { worker, busy: null };
    worker.unref();
    worker.on('message', (answer: DemoImageAnswer) => {
      const pending = slot.busy;
      if (!pending || pending.job.id !== answer.id) return;
      slot.busy = null;
      worker.unref();
      if ('bytes' in answer) pending.resolve(answer.bytes);
      else pending.reject(new Error(answer.error));
      this.pump();
    });
    const fail = (error: Error) => {
      const at = this.slots.indexOf(slot);
      if (at >= 0) this.slots.splice(at, 1);
      slot.busy?.reject(error);
      slot.busy = null;
      this.pump();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`demo image worker exited with code ${code}`)));
    this.slots.push(slot);
    return slot;
  }
}

let shared: DemoImagePool | null = null;

/** The process's one pool (drawing competes for the same cores whichever app asks). */
export function demoImagePool(): DemoImagePool {
  shared ??= new DemoImagePool();
  return shared;
}
