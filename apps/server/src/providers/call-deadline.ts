import { type GenerationKind, toProviderError } from './provider-error.js';

/** A provider call's abort signal: the caller's signal plus our own timeout. */
export interface CallDeadline {
  readonly signal: AbortSignal;
  /** Restarts the timeout; streams call it on every chunk so only silence times out. */
  touch(): void;
  /** The error to throw for a failure: the caller's abort reason, or a ProviderError. */
  failure(error: unknown): unknown;
  /** Stops the timer and cancels whatever is still in flight. */
  dispose(): void;
}

/** Starts a deadline of timeoutMs for a call made on behalf of a request with callerSignal. */
export function startDeadline(callerSignal: AbortSignal, timeoutMs: number, kind: GenerationKind): CallDeadline {
  const controller = new AbortController();
  let timedOut = false;
  // A stream touches the deadline for every chunk; re-arming a timer each time would cost more than
  // the chunk, so a touch only notes the time and the timer, when it fires early, waits the rest.
  let last = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const arm = (ms: number) => {
    timer = setTimeout(() => {
      const quiet = performance.now() - last;
      if (quiet < timeoutMs) return arm(timeoutMs - quiet);
      timedOut = true;
      controller.abort(new Error('provider call timed out'));
    }, ms);
  };
  arm(timeoutMs);
  // The caller's abort is passed on by hand: AbortSignal.any costs several times more a call (its
  // weak references to every source) and a chat makes one call.
  const callerAborted = () => controller.abort(callerSignal.reason);
  if (callerSignal.aborted) callerAborted();
  else callerSignal.addEventListener('abort', callerAborted, { once: true });
  return {
    signal: controller.signal,
    touch: () => {
      last = performance.now();
    },
    failure(error) {
      // A cancelled request is not a provider failure: hand back the caller's own reason.
      if (callerSignal.aborted && !timedOut) return callerSignal.reason;
      return toProviderError(error, { kind, timeoutMs, timedOut });
    },
    dispose() {
      if (timer) clearTimeout(timer);
      callerSignal.removeEventListener('abort', callerAborted);
      if (!controller.signal.aborted) controller.abort(new Error('provider call finished'));
    },
  };
}
