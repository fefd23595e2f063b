/**
 * Takes turns at the event loop for a chat's heavy steps (admitting it, ending it). A burst of
 * chats arrives, or ends, in one go: run as they come, one turn of the loop would do hundreds of
 * admissions before it reads anything else, and a health check or the next token of a running
 * reply waits behind all of them. Here at most `perTurn` steps start per turn of the loop, first
 * come first served; the rest wait for the next turn, after the loop has read what arrived.
 * The work is the same; it is interleaved with everything else instead of blocking it.
 */
export interface LoopTurns {
  /** Resolves when it is this step's turn (at once when no step is waiting). */
  take(): Promise<void>;
  /** Steps waiting for a turn now. */
  waiting(): number;
}

export function createLoopTurns(perTurn: number): LoopTurns {
  const queue: Array<() => void> = [];
  // Steps that may still start before the loop turns again; renewed by `tick`, in the loop's check phase.
  let budget = perTurn;
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(tick);
  };
  const tick = () => {
    scheduled = false;
    budget = perTurn;
    for (const go of queue.splice(0, perTurn)) {
      budget--;
      go();
    }
    if (budget < perTurn || queue.length > 0) schedule();
  };
  return {
    take() {
      if (queue.length === 0 && budget > 0) {
        budget--;
        schedule();
        return Promise.resolve();
      }
      schedule();
      return new Promise<void>((resolve) => queue.push(resolve));
    },
    waiting: () => queue.length,
  };
}
