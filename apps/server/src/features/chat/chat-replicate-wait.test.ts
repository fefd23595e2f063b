import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { firstAvailabilityCheck } from '../../app-context.js';
import { type TestApp, createTestApp } from '../../test/app-factory.js';
import { fakeProviderEnv, startAllProviderFakes } from '../../test/fakes/provider-fakes.js';
import type { ReplicateFake } from '../../test/fakes/replicate-fake.js';

// Replicate answers Prefer: wait with a prediction still processing; the server polls it to the end.
describe('a Replicate image the client stops waiting for', () => {
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

  it('is still polled, stored, and shown in the thread and in My Assets', async () => {
    replicate.behaviour = 'processing';
    replicate.pollsUntilDone = 2;
    const c = t.client();
    await c.post('/api/auth/register.php', { email: 'wait@example.com', username: 'waiter', password: 'Plum-orchard-lantern-42' });
    const thread = await c.post('/api/threads/create_thread.php', {});
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const leaving = new AbortController();
    const request = fetch(`${base}/api/messages/chat.php`, {
      method: 'POST',
      signal: leaving.signal,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie },
      body: JSON.stringify({ thread_id: thread.data.thread_id, model: 'flux', messages: [{ content: 'A harbour at dawn', role: 'user' }] }),
    }).catch((error: unknown) => error);
    // The browser goes away while the prediction is still processing.
    await vi.waitFor(() => expect(replicate.requests.some((r) => r.path.endsWith('/predictions'))).toBe(true));
    leaving.abort();
    expect(await request).toBeInstanceOf(Error);

    await vi.waitFor(
      async () => {
        const messages = (await c.post('/api/messages/get_messages.php', { thread_id: thread.data.thread_id })).data.messages;
        expect(messages.map((m: { type: string; role: string }) => `${m.role}:${m.type}`)).toEqual(['user:text', 'assistant:image']);
      },
      { timeout: 10_000, interval: 200 },
    );
    const polls = replicate.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/predictions/'));
    expect(polls).toHaveLength(2);
    const assets = (await c.post('/api/images/get_user_images.php', { page: 1, limit: 20 })).data.images;
    expect(assets.map((a: { prompt: string }) => a.prompt)).toEqual(['A harbour at dawn']);
  });
});
