import { type CreateThreadRequest, type CreateThreadResponse, MESSAGES, THREAD_PATHS, TIMEOUTS } from '@ensemble/shared';
import { ApiError, apiPost } from '@/lib/api-client';
import { sleep } from '@/lib/sleep';

let inFlight: Promise<CreateThreadResponse> | null = null;

async function attempt(body: CreateThreadRequest): Promise<CreateThreadResponse> {
  const res = await apiPost<CreateThreadResponse>(THREAD_PATHS.create, body, { timeoutMs: TIMEOUTS.threadCreateMs });
  if (!res || typeof res.thread_id !== 'number') throw new ApiError(MESSAGES.noThreadId, { httpStatus: 200, code: 'invalid_response' });
  return res;
}

/**
 * POST create_thread.php (core.md section 4): one creation at a time (a second call gets the one in
 * flight; the lock resets after 5 s), 5 s timeout, up to 3 tries 1 s apart. Client errors are not retried.
 */
export function createThread(body: CreateThreadRequest): Promise<CreateThreadResponse> {
  if (inFlight) return inFlight;
  const run = (async () => {
    let last: unknown;
    for (let i = 0; i < TIMEOUTS.threadCreateRetries; i++) {
      try {
        return await attempt(body);
      } catch (error) {
        last = error;
        if (error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500) throw error;
        if (i < TIMEOUTS.threadCreateRetries - 1) await sleep(TIMEOUTS.threadCreateRetryDelayMs);
      }
    }
    throw last instanceof ApiError && last.code === 'timeout'
      ? new ApiError(MESSAGES.threadCreateTimedOut, { httpStatus: 0, code: 'timeout' })
      : new ApiError(MESSAGES.threadCreateRetriesFailed, { httpStatus: 0 });
  })();
  inFlight = run;
  const release = setTimeout(() => {
    if (inFlight === run) inFlight = null;
  }, TIMEOUTS.threadCreateMs);
  run
    .finally(() => {
      clearTimeout(release);
      if (inFlight === run) inFlight = null;
    })
    .catch(() => {});
  return run;
}
