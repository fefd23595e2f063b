import { MESSAGES } from '@ensemble/shared';
import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { apiFailure, stubApi } from '@/test/fake-api';
import { apiDelete, apiGet, apiPost, holdCallsUntil } from './api-client';
import { isConnected } from './connection';

describe('api client', () => {
  it('holds every call behind a session check until it settles; the check itself goes out', async () => {
    const fetchStub = stubApi({
      routes: {
        'GET /api/auth/check_session.php': { status: 401, json: { status: 'error', message: 'Not signed in' } },
        'POST /api/credits/check_credits.php': { json: { status: 'success' } },
        'GET /api/threads/get_all_threads.php': { json: { status: 'success', threads: [] } },
      },
    });
    let release!: () => void;
    holdCallsUntil(new Promise<void>((resolve) => (release = resolve)));
    const held = [apiPost('/api/credits/check_credits.php', {}), apiGet('/api/threads/get_all_threads.php')];
    const check = apiGet('/api/auth/check_session.php', { ungated: true }).catch(() => undefined);
    await check;
    await new Promise((r) => setTimeout(r, 20));
    // Only the check reached the network: the others would each have made a guest of their own.
    expect(fetchStub.mock.calls.map(([url]) => String(url))).toEqual(['/api/auth/check_session.php']);
    release();
    await Promise.all(held);
    expect(fetchStub.mock.calls).toHaveLength(3);
  });

  it('sends JSON with credentials and returns the parsed answer', async () => {
    const fetchStub = stubApi({ routes: { 'POST /api/things': { json: { status: 'success', id: 3 } } } });
    const answer = await apiPost<{ id: number }>('/api/things', { name: 'x' });
    expect(answer.id).toBe(3);
    const [url, init] = fetchStub.mock.calls[0];
    expect(url).toBe('/api/things');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"name":"x"}' });
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('puts query parameters in the URL, leaving out empty ones', async () => {
    const fetchStub = stubApi({ routes: { 'DELETE /api/threads/delete_thread.php': { json: { status: 'success' } } } });
    await apiDelete('/api/threads/delete_thread.php', { query: { thread_id: 5, user_id: undefined } });
    expect(fetchStub.mock.calls[0][0]).toBe('/api/threads/delete_thread.php?thread_id=5');
  });

  it('turns an error body into an ApiError with the server message, status and code', async () => {
    stubApi({ routes: { '/api/x': { status: 403, json: { status: 'error', code: 'forbidden', message: 'Not your thread' } } } });
    const error = await apiFailure(apiGet('/api/x'));
    expect(error).toMatchObject({ message: 'Not your thread', httpStatus: 403, code: 'forbidden' });
    expect(error.body).toEqual({ status: 'error', code: 'forbidden', message: 'Not your thread' });
    expect(error.creditsExhausted).toBe(false);
  });

  it('rebuilds a credits-exhausted error from a 402 answer, keeping credits_info', async () => {
    const credits_info = { remaining: 0, credits_used: 25, status: 'credits_exhausted' };
    stubApi({
      routes: {
        '/api/chat': { status: 402, json: { status: 'credits_exhausted', message: MESSAGES.creditsExhaustedGuest, credits_info } },
      },
    });
    const error = await apiFailure(apiPost('/api/chat', {}));
    expect(error.creditsExhausted).toBe(true);
    expect(error.code).toBe('credits_exhausted');
    expect(error.message).toBe(MESSAGES.creditsExhaustedGuest);
    expect(error.creditsInfo).toEqual(credits_info);
  });

  it('recognises credits errors by their text too', async () => {
    stubApi({
      routes: {
        '/api/chat': { status: 400, json: { status: 'error', message: 'Credits depleted. Please purchase more credits to continue.' } },
      },
    });
    expect((await apiFailure(apiPost('/api/chat', {}))).creditsExhausted).toBe(true);
  });

  it('treats a 200 answer whose status is error as a failure', async () => {
    stubApi({ routes: { '/api/x': { json: { status: 'error', message: 'Failed to update thread' } } } });
    expect(await apiFailure(apiGet('/api/x'))).toMatchObject({ message: 'Failed to update thread', httpStatus: 200 });
  });

  it('answers a non-JSON body with the non-JSON message', async () => {
    stubApi({ routes: { '/api/x': { status: 502, text: '<html>Bad gateway</html>' } } });
    expect(await apiFailure(apiGet('/api/x'))).toMatchObject({ message: MESSAGES.nonJson, httpStatus: 502, code: 'non_json' });
  });

  it('answers a failure without a body with "Server error: {status}"', async () => {
    stubApi({ routes: { '/api/x': { status: 500 } } });
    expect(await apiFailure(apiGet('/api/x'))).toMatchObject({ message: 'Server error: 500', httpStatus: 500 });
  });

  it('reports a network failure as a connection error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await apiFailure(apiGet('/api/x'))).toMatchObject({ message: MESSAGES.connectionError, httpStatus: 0, code: 'network' });
  });

  it('once a request got no answer, the next says the app is offline; any answer means it is back (issue 42)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await apiFailure(apiGet('/api/x'))).toMatchObject({ message: MESSAGES.connectionError, code: 'network' });
    expect(isConnected()).toBe(false);
    expect(await apiFailure(apiPost('/api/y', {}))).toMatchObject({ message: MESSAGES.offline, httpStatus: 0, code: 'offline' });
    stubApi({ routes: { '/api/x': { status: 500 } } });
    expect(await apiFailure(apiGet('/api/x'))).toMatchObject({ httpStatus: 500 });
    expect(isConnected()).toBe(true);
  });

  it('says the app is offline at once when the browser says so', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await apiFailure(apiGet('/api/x'))).toMatchObject({ message: MESSAGES.offline, code: 'offline' });
    offline.mockRestore();
  });

  it('aborts after the timeout with "Request timed out after N seconds"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    expect(await apiFailure(apiGet('/api/slow', { timeoutMs: 20 }))).toMatchObject({
      message: 'Request timed out after 1 seconds',
      code: 'timeout',
    });
  });

  it('validates the answer with a schema when one is given', async () => {
    stubApi({ routes: { '/api/n': { json: { n: 'three' } } } });
    const schema = z.object({ n: z.number() });
    expect(await apiFailure(apiGet('/api/n', { schema }))).toMatchObject({ message: MESSAGES.invalidResponse, code: 'invalid_response' });
    stubApi({ routes: { '/api/n': { json: { n: 3, extra: true } } } });
    const ok = await apiGet('/api/n', { schema });
    expect(ok).toEqual({ n: 3 });
  });
});
