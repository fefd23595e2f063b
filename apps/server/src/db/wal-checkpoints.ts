import { statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

const ENTRY = new URL('./wal-checkpoint-thread.mjs', import.meta.url);

export interface WalCheckpointOptions {
  /** How large the log grows before the first checkpoint, in bytes (SQLite's own default: 1,000 pages). */
  startAtBytes?: number;
  /** How often the log's size is looked at until then, and how often checkpoints run after. */
  everyMs?: number;
}

/**
 * SQLite's WAL checkpoints, run off the server's thread. The server's connection has
 * `wal_autocheckpoint = 0`, so no commit stops to copy the log into the database file (and fsync
 * both: 5-13 ms at a time in the relay bench, every 30 or so chats, in the middle of whichever
 * chat's start it fell on). Once the log reaches the size at which SQLite would have checkpointed,
 * a worker thread with a connection of its own checkpoints it every `everyMs`, passively, as SQLite
 * does. Until then only the log's size is looked at, so a database that is barely written (most of
 * the tests) never starts a thread.
 */
export class WalCheckpoints {
  private worker: Worker | undefined;
  private readonly timer: NodeJS.Timeout;
  private readonly everyMs: number;
  /** The last checkpoint's figures (frames in the log, frames copied), once the thread runs. */
  lastCheckpoint: { log: number; checkpointed: number } | undefined;

  constructor(
    private readonly file: string,
    options: WalCheckpointOptions = {},
  ) {
    const startAt = options.startAtBytes ?? 1000 * 4096;
    this.everyMs = options.everyMs ?? 1000;
    this.timer = setInterval(() => {
      if (logSize(file) >= startAt) this.start();
    }, this.everyMs);
    this.timer.unref();
  }

  private start(): void {
    clearInterval(this.timer);
    if (this.worker) return;
    const worker = new Worker(ENTRY, { workerData: { file: this.file, everyMs: this.everyMs } });
    worker.on('message', (m: { log: number; checkpointed: number }) => {
      this.lastCheckpoint = m;
    });
    // A thread that failed to start (or died) leaves the log to grow until the connection closes,
    // which checkpoints it; the server itself goes on, and stop() has no thread left to wait for.
    worker.on('error', () => undefined);
    worker.once('exit', () => {
      if (this.worker === worker) this.worker = undefined;
    });
    worker.unref();
    this.worker = worker;
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
