import { type ArenaSlotState, type ArenaStartResponse, type ArenaStatus, MESSAGES } from '@ensemble/shared';
import { t } from '@lingui/core/macro';
import { sleep } from '@/lib/sleep';
import { arenaStatus } from './api/arena-status';
import type { BlindSlot } from './blind-types';
import { readBlindSlot } from './read-blind-slot';

/** How status.php is asked until the server settles a comparison: how often, how long apart, and what it tolerates. */
export interface StatusPolling {
  /** Asked at most this many times; the last answer stands, running or not. */
  tries: number;
  /** The wait after the `attempt`th answer (from 1). */
  pause(attempt: number): number;
  /** Failed asks in a row that are tried again (a long wait rides out a network blip). */
  errorsAllowed: number;
  /** Each answer, as it comes. */
  onStatus?(status: ArenaStatus): void;
}

/** Text: the server marks a comparison ready just after its last reply ends, so a few asks, a little longer each. */
export const TEXT_POLLING: StatusPolling = { tries: 12, pause: (attempt) => Math.min(250 * attempt, 1000), errorsAllowed: 0 };

/** Images: drawn in a second or two (demo) to a minute (real providers), so every second or so, slowing to 3 s. */
export const IMAGE_POLLING: StatusPolling = {
  tries: 150,
  pause: (attempt) => Math.min(Math.round(1000 * 1.1 ** (attempt - 1)), 3000),
  errorsAllowed: 3,
};

/** The comparison's status once it is no longer running (or the last one read when `polling.tries` ran out). */
export async function settledStatus(comparisonId: number, signal: AbortSignal, polling: StatusPolling): Promise<ArenaStatus> {
  let failures = 0;
  for (let attempt = 1; ; attempt++) {
    let status: ArenaStatus;
    try {
      status = await arenaStatus(comparisonId, signal);
      failures = 0;
    } catch (error) {
      if (signal.aborted || ++failures > polling.errorsAllowed || attempt >= polling.tries) throw error;
      await sleep(polling.pause(attempt), signal);
      continue;
    }
    polling.onStatus?.(status);
    if (status.state !== 'running' || attempt >= polling.tries) return status;
    await sleep(polling.pause(attempt), signal);
  }
}

/** An image slot as status.php has it: loading until its picture is drawn, then the picture; or why there is none. */
export function pictureSlot(slot: BlindSlot, state: ArenaSlotState | undefined): BlindSlot {
  if (!state || slot.status === 'complete') return slot;
  if (state.state === 'complete' && state.image_url)
    return { ...slot, status: 'complete', imageUrl: state.image_url, width: state.width, height: state.height };
  if (state.state === 'failed') return { ...slot, status: 'error', error: t`This picture could not be made.` };
  if (state.state === 'stopped') return { ...slot, status: 'stopped' };
  return slot;
}

/**
 * Reads every text slot's reply to its end, patching each as its words come; answers, per slot, whether its reply is
 * complete (not stopped, not failed). `stopped` says whether the user stopped a slot.
 */
export function readTextSlots(
  slots: ArenaStartResponse['slots'],
  patch: (slot: BlindSlot['slot'], change: Partial<BlindSlot>) => void,
  stopped: (slot: BlindSlot['slot']) => boolean,
  signal: AbortSignal,
): Promise<boolean[]> {
  return Promise.all(
    slots.map(async ({ slot, stream_id: streamId }) => {
      if (!streamId) {
        patch(slot, { status: 'error', error: MESSAGES.initStreamFailed });
        return false;
      }
      const read = await readBlindSlot(streamId, (soFar) => patch(slot, { status: 'streaming', content: soFar }), signal);
      const wasStopped = stopped(slot);
      if (read.ok && (read.content || wasStopped)) {
        patch(slot, { status: wasStopped ? 'stopped' : 'complete', content: read.content, streamId: undefined });
        return !wasStopped;
      }
      patch(slot, { status: 'error', error: read.ok ? MESSAGES.generateFailed : read.message, streamId: undefined });
      return false;
    }),
  );
}
