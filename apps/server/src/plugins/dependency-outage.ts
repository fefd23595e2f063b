/**
 * Whether an error means a service underneath (PostgreSQL, Redis, SQLite's lock, the S3 bucket) did not answer, so the
 * same request is worth sending again shortly (issue 44): the error handler answers it with 503 and Retry-After, not
 * a 500. Looks through `cause` chains (the AWS SDK, Kysely and AggregateError wrap the network error).
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
// PostgreSQL: connection exceptions (08), the server shutting down or starting (57P01-57P03), too many connections.
const PG_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;
const MESSAGES = [
  /^Connection terminated/, // pg: the server went away mid-query
  /timeout exceeded when trying to connect/, // pg's pool
  /^Connection is closed\.?$/, // ioredis
  /Reached the max retries per request limit/, // ioredis (MaxRetriesPerRequestError)
  /enableOfflineQueue options is false/, // ioredis while disconnected
];

export function isDependencyOutage(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || PG_UNAVAILABLE.test(e.code) || e.code === 'SQLITE_BUSY')) return true;
  if (e.name === 'MaxRetriesPerRequestError') return true;
  if (typeof e.message === 'string' && MESSAGES.some((m) => m.test(e.message as string))) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDependencyOutage(inner, depth + 1))) return true;
  return isDependencyOutage(e.cause, depth + 1);
}

/**
 * Runs `write` again while it fails because a service underneath does not answer (a database restart or a failover,
 * issue 44): after 250 ms, then twice as long each time up to 2 s, for at most `forMs`, and no more once `signal` is
 * aborted. Any other failure, or the last one, is thrown.
 */
export async function retryWhileUnavailable<T>(write: () => Promise<T>, options: { forMs: number; signal?: AbortSignal }): Promise<T> {
  const end = Date.now() + options.forMs;
  for (let wait = 250; ; wait = Math.min(wait * 2, 2_000)) {
    try {
      return await write();
    } catch (error) {
      if (!isDependencyOutage(error) || options.signal?.aborted || Date.now() + wait > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
