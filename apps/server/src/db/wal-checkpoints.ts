import { statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

const ENTRY = new URL('./wal-checkpoint-thread.mjs', import.meta.url);

export interface WalCheckpointOptions {
  /** How large the log grows before the first checkpoint, in bytes (SQLite's own default: 1,000 pages). */
  startAtBytes?: number;
  /** How often the log's size is looked at until then, and how often checkpoints run after. */
  everyMs?: number;
  /**
   * How much the log may hold before it is started again from its beginning, in bytes (16 MB):
   * see WalCheckpoints.restart. The log's file is cut back to twice this when it restarts.
   */
  resetAtBytes?: number;
}

/** Runs `work` while the server's connection runs no statement (its queries wait meanwhile). */
export type HoldConnection = <T>(work: () => Promise<T>) => Promise<T>;

/** How much the log may hold before it is started again, by default (see WalCheckpointOptions.resetAtBytes). */
const WAL_RESET_BYTES = 16 * 1024 ** 2;

/** How long a restart of the log may hold the server's connection at most, in ms. */
const RESTART_TIMEOUT_MS = 2000;

/**
 * SQLite's WAL checkpoints, run off the server's thread. The server's connection has
 * `wal_autocheckpoint = 0`, so no commit stops to copy the log into the database file (and fsync
 * both: 5-13 ms at a time in the relay bench, every 30 or so chats, in the middle of whichever
 * chat's start it fell on). Once the log reaches the size at which SQLite would have checkpointed,
 * a worker thread with a connection of its own checkpoints it every `everyMs`, passively, as SQLite
 * does. Until then only the log's size is looked at, so a database that is barely written (most of
 * the tests) never starts a thread.
 *
 * A passive checkpoint never starts the log again from its beginning: SQLite does that at a commit
 * that finds the whole log copied, and a server that commits while each checkpoint runs never gives
 * it that: the log grew by every byte written (5.9 GB after the relay bench's first 40,000 requests,
 * its index in shared memory with it). So once the log holds `resetAtBytes`, the server's connection
 * is held idle (its queries wait; its thread does not) while the checkpoint thread copies the rest:
 * 5-8 ms at a time, every 2 s or so at 10 MB of writes a second (at 64 MB: 16-17 ms every 6 s).
 * The server's next commit starts the log again.
 */
export class WalCheckpoints {
  private worker: Worker | undefined;
  private readonly timer: NodeJS.Timeout;
  private readonly everyMs: number;
  /** How much the log holds when it is started again, in bytes (WalCheckpointOptions.resetAtBytes). */
  readonly resetAt: number;
  /** The thread's answer to the restart in progress, when one is. */
  private restarting: ((emptied: boolean) => void) | undefined;
  /** The last checkpoint's figures (frames in the log, frames copied), once the thread runs. */
  lastCheckpoint: { log: number; checkpointed: number } | undefined;
  /** How many times the log was emptied and started again. */
  restarts = 0;
  /** How long the last restart held the server's connection, in ms. */
  lastRestartMs: number | undefined;

  constructor(
    private readonly file: string,
    options: WalCheckpointOptions = {},
    /** Holds the server's connection idle; without it the log is never restarted here. */
    private readonly hold?: HoldConnection,
  ) {
    const startAt = options.startAtBytes ?? 1000 * 4096;
    this.everyMs = options.everyMs ?? 1000;
    this.resetAt = options.resetAtBytes ?? WAL_RESET_BYTES;
    this.timer = setInterval(() => {
      if (logSize(file) >= startAt) this.start();
    }, this.everyMs);
    this.timer.unref();
  }

  private start(): void {
    clearInterval(this.timer);
    if (this.worker) return;
    const worker = new Worker(ENTRY, { workerData: { file: this.file, everyMs: this.everyMs } });
    worker.on('message', (m: { log: number; checkpointed: number; pageSize: number } | { emptied: boolean }) => {
      if ('emptied' in m) return this.restarting?.(m.emptied);
      this.lastCheckpoint = { log: m.log, checkpointed: m.checkpointed };
      // What the log holds now (its frames), not the file's size: a restarted log keeps its file.
      if (this.hold && !this.restarting && m.log * m.pageSize >= this.resetAt) void this.restart(worker);
    });
    // A thread that failed to start (or died) leaves the log to grow until the connection closes,
    // which checkpoints it; the server itself goes on, and stop() has no thread left to wait for.
    worker.on('error', () => undefined);
    worker.once('exit', () => {
      if (this.worker === worker) this.worker = undefined;
      this.restarting?.(false);
    });
    worker.unref();
    this.worker = worker;
  }

  /**
   * Empties the log: with the server's connection held idle, so that no commit comes between, the
   * thread copies what is left of the log into the database file (a RESTART checkpoint). The hold
   * lasts that copy and its fsyncs (the copy is short: the passive checkpoints did the rest), at
   * most RESTART_TIMEOUT_MS.
   */
  private async restart(worker: Worker): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    // The thread's answer, its exit or the timeout settles it, whichever comes first.
    const answered = new Promise<boolean>((resolve) => {
      this.restarting = resolve;
    });
    try {
      const emptied = await (this.hold as HoldConnection)(async () => {
        const held = performance.now();
        worker.postMessage('empty');
        timer = setTimeout(() => this.restarting?.(false), RESTART_TIMEOUT_MS);
        const done = await answered;
        this.lastRestartMs = performance.now() - held;
        return done;
      });
      if (emptied) this.restarts++;
    } catch {
      // The hold failed (the connection is closing): the next checkpoint tries again.
    } finally {
      clearTimeout(timer);
      this.restarting = undefined;
    }
  }

  /** Stops the thread (closing its connection) before the server's own connection closes. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('stop');
    const timeout = setTimeout(() => void worker.terminate(), 5000);
    await exited;
    clearTimeout(timeout);
  }
}

function logSize(file: string): number {
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
}
