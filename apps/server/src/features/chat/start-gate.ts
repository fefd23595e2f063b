/**
 * Spreads chat starts over the turns of the event loop, so a burst of new chats cannot hold the
 * loop for seconds at a stretch.
 *
 * Node runs every callback that is ready in one turn of its loop. A chat start (the session, the
 * charge, the provider request) costs a few milliseconds of CPU, and on SQLite all of it runs
 * without a break. 200 chat bodies that arrive in one turn therefore make a turn of half a second,
 * and for all that time nothing else is handled:
 * - the running streams' tokens wait;
 * - `/api/health` waits;
 * - new connections wait in the kernel, including those that admission would refuse at once.
 *
 * The gate lets starts through while the current turn has used less than `budgetMs` since its
 * first start, and queues the rest in order of arrival. The queue is let through a few at a time
 * per turn, each time after what else is ready has run. A start that finds the loop idle goes at
 * once: a lone chat waits for nothing.
 */
export class StartGate {
  private readonly queue: Array<() => void> = [];
  /** When the current window began (its first start), or -1 when no start ran since the last turn ended. */
  private windowStart = -1;
  /** Slots queued for the next check phase of the loop (each may let one waiting start through). */
  private slots = 0;

  /** `budgetMs`: the time a turn may spend on starts before the rest wait for a later turn (0: no gate). */
  constructor(readonly budgetMs: number) {}

  /** Starts waiting to run. */
  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Undefined when the start may run now; otherwise a promise that resolves when it may. Callers
   * that can be abandoned meanwhile check for that themselves once it resolves.
   */
  enter(): Promise<void> | undefined {
    if (this.budgetMs <= 0) return undefined;
    if (this.queue.length === 0 && this.open()) return undefined;
    return new Promise((resolve) => {
      this.queue.push(resolve);
      this.schedule();
    });
  }

  /** Whether the current window has budget left; opens a window when none is open. */
  private open(): boolean {
    const now = performance.now();
    if (this.windowStart < 0) {
      this.windowStart = now;
      // The window closes when the next turn begins (its timers run first): the starts of this
      // turn's I/O and those let through after it share one budget, and the next turn has its own.
      setTimeout(this.closeWindow, 0).unref();
      return true;
    }
    return now - this.windowStart < this.budgetMs;
  }

  private readonly closeWindow = (): void => {
    this.windowStart = -1;
  };

  /**
   * Queues slots for the next check phase. Node drains the microtasks between two immediates, so
   * the start each slot lets through has run up to its first real wait (the provider's answer)
   * before the next slot asks whether the window has budget left.
   */
  private schedule(): void {
    if (this.slots > 0) return;
    const count = Math.min(this.queue.length, MAX_SLOTS);
    this.slots = count;
    for (let i = 0; i < count; i++) setImmediate(this.slot);
  }

  private readonly slot = (): void => {
    this.slots--;
    if (this.queue.length > 0 && this.open()) this.queue.shift()?.();
    // The last slot of the batch queues the next batch: it runs in a later turn, after the I/O
    // that became ready meanwhile.
    if (this.slots === 0 && this.queue.length > 0) this.schedule();
  };
}

/** Slots queued at a time: more than a turn's budget can let through at any cost per start. */
const MAX_SLOTS = 64;
