import { setStreamLimit, setStreamsAdmitted } from '../../metrics/metrics.js';
import { LoopLag } from './loop-lag.js';

/** Why a new chat was refused: every slot taken, or the event loop running behind. */
export type Busy = 'limit' | 'lag';

/**
 * Why a running reply was cut short: the caller pressed Stop, this instance is shutting down, or its chat failed
 * before it was answered (its stream's record could not be written), so no one can read it.
 */
export type StopReason = 'stop' | 'drain' | 'unheard';

interface Running {
  controller: AbortController;
  done: Promise<unknown>;
  /** The revocation keys that cut it (its owner, its session: see revocationKeys). */
  keys: readonly string[];
}

/**
 * The replies this instance is generating right now, so Stop and a drain can reach them; and the
 * admission limit: a new chat takes a slot before anything is charged, and gives it back when its
 * reply ends (or it failed to start).
 */
export class RunningReplies {
  private readonly replies = new Map<string, Running>();
  private slots = 0;
  private readonly lag: LoopLag;

  /**
   * `limit`: replies generated here at once at most (0: no limit). `maxLagMs`: how far behind the
   * event loop may run before new chats are refused (0: never), see LoopLag.
   */
  constructor(
    readonly limit = 0,
    maxLagMs = 0,
  ) {
    this.lag = new LoopLag(maxLagMs);
    setStreamLimit(limit, maxLagMs);
    setStreamsAdmitted(0);
  }

  /**
   * Takes a slot for a new chat; or says why the instance is too busy for one. Call the function
   * it returns once to free the slot.
   */
  reserve(): (() => void) | Busy {
    const busy = this.busy();
    if (busy) return busy;
    this.slots++;
    setStreamsAdmitted(this.slots);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.slots--;
      setStreamsAdmitted(this.slots);
    };
  }

  /** Why a new chat would be refused now, or undefined when it would get a slot. */
  busy(): Busy | undefined {
    if (this.full()) return 'limit';
    if (this.lag.behind()) return 'lag';
    return undefined;
  }

  /** Whether every slot is taken. */
  full(): boolean {
    return this.limit > 0 && this.slots >= this.limit;
  }

  /** Stops watching the event loop. */
  close(): void {
    this.lag.close();
  }

  /** Slots taken now. */
  admitted(): number {
    return this.slots;
  }

  /** Settles when this reply ends, or undefined when it does not run here. */
  whenDone(streamId: string): Promise<unknown> | undefined {
    return this.replies.get(streamId)?.done;
  }

  /** Registers a reply until `done` settles; its provider call listens to `controller`; a revocation of any of `keys` cuts it. */
  track(streamId: string, controller: AbortController, done: Promise<unknown>, keys: readonly string[] = []): void {
    this.replies.set(streamId, { controller, done, keys });
    const forget = () => {
      if (this.replies.get(streamId)?.controller === controller) this.replies.delete(streamId);
    };
    done.then(forget, forget);
  }

  /** Aborts one reply if it runs here; returns whether it did. */
  stop(streamId: string, reason: StopReason): boolean {
    const running = this.replies.get(streamId);
    if (!running || running.controller.signal.aborted) return false;
    running.controller.abort(reason);
    return true;
  }

  /** Stops every reply running here under this revocation key (an account, a session); returns how many. */
  cut(key: string): number {
    let cut = 0;
    for (const streamId of this.replies.keys()) {
      if (this.replies.get(streamId)?.keys.includes(key) && this.stop(streamId, 'stop')) cut++;
    }
    return cut;
  }

  /** How many replies are running here. */
  size(): number {
    return this.replies.size;
  }

  /**
   * Lets running replies finish for up to `timeoutMs`, then cuts what is left (they save
   * themselves as interrupted) and waits for them to settle.
   */
  async drain(timeoutMs: number): Promise<{ finished: number; cut: number }> {
    const all = [...this.replies.values()];
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([Promise.allSettled(all.map((r) => r.done)), timeout]);
    clearTimeout(timer);
    const left = [...this.replies.values()];
    for (const r of left) r.controller.abort('drain' satisfies StopReason);
    await Promise.allSettled(left.map((r) => r.done));
    return { finished: all.length - left.length, cut: left.length };
  }
}
