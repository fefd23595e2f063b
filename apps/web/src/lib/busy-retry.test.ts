import { MESSAGES } from '@ensemble/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFailure, stubApi } from '@/test/fake-api';
import { apiPost, parseRetryAfter } from './api-client';
import { busyWaitMs, retryWhileBusy } from './busy-retry';

const busy = { status: 503, json: { status: 'error', message: MESSAGES.serviceBusy }, headers: { 'Retry-After': '1' } };
const ok = { json: { status: 'success', n: 1 } };

/** A chat.php that answers `answers` in turn (the last one from then on), counting the calls. */
function answersInTurn(answers: Array<typeof busy | typeof ok | { status: number; json: unknown }>) {
  let calls = 0;
  const fetchStub = stubApi({ routes: { 'POST /api/messages/chat.php': () => answers[Math.min(calls++, answers.length - 1)]! } });
  return { fetchStub, calls: () => calls };
}

const post = () => apiPost<{ n: number }>('/api/messages/chat.php', { model: 'gpt-4o' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates; anything else is no advice', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(' 0 ')).toBe(0);
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(parseRetryAfter('Fri, 27 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Fri, 27 Nov 2026 09:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('-3')).toBeUndefined();
  });

  it("is kept on the ApiError of a failed call, from the answer's header", async () => {
    answersInTurn([busy]);
    const error = await apiFailure(post());
    expect(error).toMatchObject({ httpStatus: 503, message: MESSAGES.serviceBusy, retryAfterMs: 1000 });
    expect(busyWaitMs(error)).toBe(1000);
  });
});

describe('retrying a full server', () => {
  it('waits as long as a 503 with Retry-After asks, then sends the same request again and answers with its reply', async () => {
    const { fetchStub, calls } = answersInTurn([busy, busy, ok]);
    const waits: Array<number | null> = [];
    const started = Date.now();
    const answer = await retryWhileBusy(post, { onWait: (at) => waits.push(at === null ? null : at - Date.now()) });
    expect(answer).toMatchObject({ status: 'success', n: 1 });
    expect(calls()).toBe(3);
    // Two waits of about a second each, each ended before its try went out.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(waits.filter((w) => w === null)).toHaveLength(2);
    for (const w of waits.filter((w) => w !== null)) expect(w).toBeGreaterThan(900);
    const bodies = fetchStub.mock.calls.map(([, init]) => (init as RequestInit).body);
    expect(new Set(bodies).size).toBe(1);
  });

  it('does not try again a 503 without Retry-After, another failure, or a wait longer than it allows', async () => {
    for (const answer of [
      { status: 503, json: { status: 'error', message: 'Down' } },
      { status: 502, json: { status: 'error', message: 'Bad gateway' } },
      { ...busy, headers: { 'Retry-After': '60' } },
    ]) {
      const { calls } = answersInTurn([answer, ok]);
      const error = await apiFailure(retryWhileBusy(post));
      expect(error.httpStatus).toBe(answer.status);
      expect(calls()).toBe(1);
    }
  });

  it('shows the refusal once its budget is spent, and stops when no one wants the answer any more', async () => {
    const spent = answersInTurn([busy]);
    const error = await apiFailure(retryWhileBusy(post, { budgetMs: 2500 }));
    expect(error.message).toBe(MESSAGES.serviceBusy);
    expect(spent.calls()).toBe(3); // at 0 s, 1 s and 2 s; a fourth at 3 s would be past the budget

    const left = answersInTurn([busy, ok]);
    let wanted = true;
    const gone = apiFailure(retryWhileBusy(post, { wanted: () => wanted }));
    wanted = false;
    expect((await gone).httpStatus).toBe(503);
    expect(left.calls()).toBe(1);

    const aborted = answersInTurn([busy, ok]);
    const controller = new AbortController();
    const stopped = apiFailure(retryWhileBusy(post, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 100);
    const startedAt = Date.now();
    expect((await stopped).httpStatus).toBe(503);
    expect(Date.now() - startedAt).toBeLessThan(800);
    expect(aborted.calls()).toBe(1);
  });
});
