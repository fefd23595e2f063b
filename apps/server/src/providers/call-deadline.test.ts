import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { startDeadline } from './call-deadline.js';
import { ProviderError } from './types.js';

describe('a provider call deadline', () => {
  it("aborts the call with the caller's own reason when the caller aborts, and that is not a provider failure", () => {
    const caller = new AbortController();
    const deadline = startDeadline(caller.signal, 60_000, 'text');
    expect(deadline.signal.aborted).toBe(false);
    const reason = new Error('stopped by the user');
    caller.abort(reason);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.signal.reason).toBe(reason);
    expect(deadline.failure(new Error('socket hang up'))).toBe(reason);
    deadline.dispose();
  });

  it('starts aborted for a caller that already gave up', () => {
    const caller = new AbortController();
    caller.abort('gone');
    const deadline = startDeadline(caller.signal, 60_000, 'image');
    expect([deadline.signal.aborted, deadline.signal.reason]).toEqual([true, 'gone']);
    deadline.dispose();
  });

  it('times out after the given silence, and a touch restarts the wait', async () => {
    const caller = new AbortController();
    const deadline = startDeadline(caller.signal, 60, 'text');
    await new Promise((r) => setTimeout(r, 40));
    deadline.touch();
    await new Promise((r) => setTimeout(r, 40));
    expect(deadline.signal.aborted).toBe(false);
    await new Promise((r) => setTimeout(r, 80));
    expect(deadline.signal.aborted).toBe(true);
    const failure = deadline.failure(deadline.signal.reason);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).kind).toBe('timeout');
    deadline.dispose();
  });

  it("lets go of the caller's signal when disposed, and a later abort changes nothing", () => {
    const caller = new AbortController();
    const deadline = startDeadline(caller.signal, 60_000, 'text');
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(1);
    deadline.dispose();
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
    const finished = deadline.signal.reason;
    caller.abort(new Error('too late'));
    expect(deadline.signal.reason).toBe(finished);
  });
});
