import net from 'node:net';
import { MESSAGES } from '@ensemble/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';

const METRICS_TOKEN = 'admission-metrics-token-0123';

describe(`admission (MAX_CONCURRENT_STREAMS, ADMISSION_MAX_LAG_MS) on ${TEST_DB}`, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const remaining = async (c: TestClient) => (await c.post('/api/credits/check_credits.php', {})).data.credits_info.remaining as number;
  const threadOf = async (c: TestClient) => (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id as number;
  const chat = (c: TestClient, thread: number, content: string) =>
    c.post('/api/messages/chat.php', { thread_id: thread, model: 'gpt-4o', stream: true, messages: [{ content, role: 'user' }] });
  const refusedCount = async (c: TestClient, reason: 'limit' | 'lag') => {
    const body = (await c.get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).body;
    return Number(new RegExp(`^ensemble_chats_refused_busy_total\\{reason="${reason}"\\} (\\d+)$`, 'm').exec(body)?.[1] ?? 0);
  };
  const messagesOf = async (c: TestClient, thread: number) =>
    (await c.post('/api/messages/get_messages.php', { thread_id: thread })).data.messages as Array<{ role: string; status: string }>;

  it('answers a chat beyond the limit with 503, Retry-After and the busy message, charges and saves nothing, and admits again once a reply ends', async () => {
    t = await createTestApp({ MAX_CONCURRENT_STREAMS: '2', DEMO_TOKENS_PER_SECOND: '40', METRICS_TOKEN });
    const a = t.client();
    const b = t.client();
    const c = t.client();
    const [ta, tb, tc] = [await threadOf(a), await threadOf(b), await threadOf(c)];
    expect((await chat(a, ta, 'Describe the water cycle')).statusCode).toBe(200);
    expect((await chat(b, tb, 'Describe the carbon cycle')).statusCode).toBe(200);
    const before = await remaining(c);
    const refusedBefore = await refusedCount(c, 'limit');

    const refused = await chat(c, tc, 'Describe the nitrogen cycle');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.data).toMatchObject({ status: 'error', message: MESSAGES.serviceBusy });
    expect(refused.data.message).toBe('The service is busy. Please try again in a few seconds.');
    // Nothing was charged and nothing saved in the thread.
    expect(await remaining(c)).toBe(before);
    expect(await messagesOf(c, tc)).toEqual([]);

    const metrics = await c.get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(metrics.body).toMatch(/^ensemble_streams_limit 2$/m);
    expect(metrics.body).toMatch(/^ensemble_streams_admitted 2$/m);
    // No burst is being spread out: nothing waits for a turn to start in.
    // The counter is the process's (other files in this worker may have refused before): this refusal adds one.
    expect(await refusedCount(c, 'limit')).toBe(refusedBefore + 1);

    // A reply ending frees its slot: Stop the first one and the third caller gets in.
    const streamOfA = (await messagesOf(a, ta)).find((m) => m.role === 'assistant') as unknown as { metadata: { stream_id: string } };
    expect((await a.post('/api/messages/stop.php', { stream_id: streamOfA.metadata.stream_id })).statusCode).toBe(200);
    let again = await chat(c, tc, 'Describe the nitrogen cycle');
    for (let i = 0; i < 50 && again.statusCode === 503; i++) {
      await new Promise((r) => setTimeout(r, 50));
      again = await chat(c, tc, 'Describe the nitrogen cycle');
    }
    expect(again.statusCode).toBe(200);
    expect(await remaining(c)).toBeLessThan(before);
  });

  it('frees the slot of a chat that failed before its reply started', async () => {
    t = await createTestApp({ MAX_CONCURRENT_STREAMS: '1' });
    const c = t.client();
    const thread = await threadOf(c);
    // A parent that is not in the thread: refused with 4xx, after the slot was taken.
    const bad = await c.post('/api/messages/chat.php', {
      thread_id: thread,
      model: 'gpt-4o',
      stream: true,
      parent_id: 999_999,
      messages: [{ content: 'Hello', role: 'user' }],
    });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    const ok = await c.post('/api/messages/chat.php', {
      thread_id: thread,
      model: 'gpt-4o',
      messages: [{ content: 'Hello', role: 'user' }],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.data.data.status).toBe('success');
    // A whole (not streamed) reply gives its slot back when answered.
    const next = await c.post('/api/messages/chat.php', {
      thread_id: thread,
      model: 'gpt-4o',
      messages: [{ content: 'Again', role: 'user' }],
    });
    expect(next.statusCode).toBe(200);
  });

  it('refuses at the headers when full, and gives the slot back for a body it refuses or a client that leaves mid-body', async () => {
    t = await createTestApp({ MAX_CONCURRENT_STREAMS: '1', DEMO_TOKENS_PER_SECOND: '40' });
    const c = t.client();
    const thread = await threadOf(c);
    // A body the schema refuses (400) never reaches the handler; its slot comes back.
    const invalid = await c.post('/api/messages/chat.php', { thread_id: thread, model: 'gpt-4o', messages: 'not a list' });
    expect(invalid.statusCode).toBe(400);
    // A client that sends its headers and half its body, then hangs up.
    const base = new URL(await (t as TestApp).app.listen({ port: 0, host: '127.0.0.1' }));
    const socket = net.connect(Number(base.port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /api/messages/chat.php HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"thread_id":',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The one slot is free: a streamed chat gets it, and the next is refused without its body being needed.
    expect((await chat(c, thread, 'Describe the water cycle')).statusCode).toBe(200);
    const refused = await chat(c, thread, 'Describe the carbon cycle');
    expect(refused.statusCode).toBe(503);
    expect(refused.data).toMatchObject({ status: 'error', message: MESSAGES.serviceBusy });
  });

  it('refuses a new chat while the event loop runs behind (ADMISSION_MAX_LAG_MS), charges nothing, and admits again once it catches up', async () => {
    t = await createTestApp({ ADMISSION_MAX_LAG_MS: '100', METRICS_TOKEN });
    const c = t.client();
    const thread = await threadOf(c);
    const before = await remaining(c);
    const refusedBefore = await refusedCount(c, 'lag');
    // A stretch of work that keeps the loop from turning for half a second, as a burst past capacity does.
    const until = performance.now() + 500;
    while (performance.now() < until);
    const refused = await chat(c, thread, 'Describe the water cycle');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.data).toMatchObject({ status: 'error', message: MESSAGES.serviceBusy });
    expect(await remaining(c)).toBe(before);
    expect(await messagesOf(c, thread)).toEqual([]);
    const metrics = await c.get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(metrics.body).toMatch(/^ensemble_admission_max_lag_ms 100$/m);
    expect(await refusedCount(c, 'lag')).toBe(refusedBefore + 1);
    // The loop turns on time again: the same chat is admitted.
    await new Promise((r) => setTimeout(r, 100));
    const again = await chat(c, thread, 'Describe the water cycle');
    expect(again.statusCode).toBe(200);
    expect(await remaining(c)).toBeLessThan(before);
  });
});
