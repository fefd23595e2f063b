/**
 * How far behind this process's event loop runs, for admission: a tick every `everyMs` notes when
 * it ran and how late. The loop is behind when its last tick came more than the limit late, or
 * when no tick could run for longer than that (the loop is busy with a backlog right now: a burst
 * of new chats is admitted within one long stretch of callbacks, before any timer can run).
 * Every chat admitted into a loop that runs behind only adds to the wait of the streams already
 * running, and to its own first token; refusing it at once keeps both short.
 */
export class LoopLag {
  private last = performance.now();
  private lateBy = 0;
  private readonly timer: NodeJS.Timeout | undefined;

  /** `limitMs`: how late the loop may run before new chats are refused (0: never). */
  constructor(
    readonly limitMs: number,
    private readonly everyMs = 10,
  ) {
    if (limitMs <= 0) return;
    this.timer = setInterval(() => {
      const now = performance.now();
      this.lateBy = Math.max(0, now - this.last - everyMs);
      this.last = now;
    }, everyMs);
    this.timer.unref();
  }

  /** Whether the loop runs more than the limit behind now. */
  behind(): boolean {
    if (this.limitMs <= 0) return false;
    return this.lateBy > this.limitMs || performance.now() - this.last - this.everyMs > this.limitMs;
  }

  close(): void {
    clearInterval(this.timer);
  }
}
