import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { firstAvailabilityCheck } from '../../app-context.js';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { fakeProviderEnv, startAllProviderFakes } from '../../test/fakes/provider-fakes.js';
import type { ReplicateFake } from '../../test/fakes/replicate-fake.js';
import { readSse } from '../../test/sse-client.js';

const cookieOf = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

// Llama runs on Replicate as a prediction that goes on generating (and billing) until it ends or is cancelled.
describe(`Stop on a Replicate text reply on ${TEST_DB}`, () => {
  let all: Awaited<ReturnType<typeof startAllProviderFakes>>;
  let replicate: ReplicateFake;
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    all = await startAllProviderFakes(['replicate']);
    replicate = all.fakes.replicate?.fake as ReplicateFake;
    t = await createTestApp(fakeProviderEnv(all.fakes));
    await firstAvailabilityCheck(t.app);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await all.closeAll();
  });

  it('cancels the prediction at Replicate and keeps the text so far as stopped', async () => {
    // Two tokens, then the prediction keeps running until someone cancels it.
    replicate.behaviour = 'stuck';
    replicate.chunks = ['Once upon', ' a time'];
    const c = t.client();
    const thread = (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id as number;
    const post = await c.post('/api/messages/chat.php', {
      thread_id: thread,
      model: 'llama-3.1-405b',
      stream: true,
      messages: [{ content: 'Tell me a long story', role: 'user' }],
    });
    expect(post.statusCode).toBe(200);
    const streamId = post.data.data.stream_id as string;
    let stop: Promise<{ statusCode: number; data: any }> | undefined;
    const read = await readSse(`${base}/api/messages/chat.php?stream=true&stream_id=${streamId}`, {
      cookie: cookieOf(c),
      onEvent: (e) => {
        if (e.data.includes(' a time') && !stop) stop = c.post('/api/messages/stop.php', { stream_id: streamId });
      },
    });
    expect((await stop)?.data).toEqual({ status: 'success', stopped: true });
    expect(read.ended).toBe('done');

    const created = replicate.requests.find((r) => r.method === 'POST' && r.path.endsWith('/predictions'));
    expect(created?.body).toMatchObject({ stream: true });
    const streamed = replicate.requests.find((r) => r.path.startsWith('/v1/stream/'));
    const id = streamed?.path.slice('/v1/stream/'.length);
    await vi.waitFor(() => {
      const cancel = replicate.requests.find((r) => r.method === 'POST' && r.path === `/v1/predictions/${id}/cancel`);
      expect(cancel?.headers.authorization).toBe('Bearer test-key-replicate');
    });
    const reply = (await c.post('/api/messages/get_messages.php', { thread_id: thread })).data.messages.find(
      (m: { role: string }) => m.role === 'assistant',
    );
    expect(reply).toMatchObject({ content: 'Once upon a time', status: 'stopped' });
  });

  it('does not cancel a prediction that finished on its own', async () => {
    replicate.behaviour = 'ok';
    replicate.chunks = ['A short', ' answer.'];
    replicate.requests.length = 0;
    const c = t.client();
    const thread = (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id as number;
    const post = await c.post('/api/messages/chat.php', {
      thread_id: thread,
      model: 'llama-3.1-405b',
      stream: true,
      messages: [{ content: 'Be brief', role: 'user' }],
    });
    const read = await readSse(`${base}/api/messages/chat.php?stream=true&stream_id=${post.data.data.stream_id}`, {
      cookie: cookieOf(c),
    });
    expect(read.ended).toBe('done');
    // Give a stray cancel the time to arrive before checking none did.
    await new Promise((r) => setTimeout(r, 100));
    expect(replicate.requests.filter((r) => r.path.endsWith('/cancel'))).toEqual([]);
  });
});
