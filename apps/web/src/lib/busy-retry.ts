import { ApiError } from './api-client';
import { sleep } from './sleep';

/** The longest wait one refusal may ask for: past it, the refusal is shown instead. */
const MAX_WAIT_MS = 10_000;
/** The shortest wait between two tries, whatever the refusal says. */
const MIN_WAIT_MS = 500;
/** How long a call keeps trying a full server in all before it shows the refusal. */
export const BUSY_RETRY_BUDGET_MS = 20_000;

/**
 * The wait a refusal asks for, when it is one that is worth trying again: a 503 with Retry-After.
 * The server answers so only before it has done anything (a full instance, one that is draining),
 * so the same request can go again unchanged.
 */
export function busyWaitMs(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.httpStatus !== 503 || error.retryAfterMs === undefined) return undefined;
  if (error.retryAfterMs > MAX_WAIT_MS) return undefined;
  return Math.max(MIN_WAIT_MS, error.retryAfterMs);
}

export interface BusyRetryOptions {
  /** Told when a wait begins (when the next try goes out) and when it ends (null). */
  onWait?(retryAt: number | null): void;
  /** Whether anyone still wants the answer (the user may have left the conversation). */
  wanted?(): boolean;
  signal?: AbortSignal;
  /** How long to keep trying in all (default BUSY_RETRY_BUDGET_MS). */
  budgetMs?: number;
}

/**
 * Runs `call`; while it is refused for a full server, waits as long as the server asked and tries
 * again, within the budget. Any other failure, or the last refusal, is thrown as it came.
 */
export async function retryWhileBusy<T>(call: () => Promise<T>, options: BusyRetryOptions = {}): Promise<T> {
  const giveUpAt = Date.now() + (options.budgetMs ?? BUSY_RETRY_BUDGET_MS);
  for (;;) {
    try {
      return await call();
    } catch (error) {
      const wait = busyWaitMs(error);
      const retryAt = wait === undefined ? undefined : Date.now() + wait;
      if (retryAt === undefined || retryAt > giveUpAt || options.signal?.aborted || options.wanted?.() === false) throw error;
      options.onWait?.(retryAt);
      try {
        await sleep(retryAt - Date.now(), options.signal);
      } catch {
        // Aborted: the refusal is what the caller is told, below.
      } finally {
        options.onWait?.(null);
      }
      if (options.signal?.aborted || options.wanted?.() === false) throw error;
    }
  }
}
