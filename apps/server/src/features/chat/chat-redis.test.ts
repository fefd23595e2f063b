import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/app-factory.js';
import { readSse } from '../../test/sse-client.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('streams across two instances sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let baseB: string;
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL, DEMO_TOKENS_PER_SECOND: '400' });
    b = await createTestApp({ REDIS_URL, DEMO_TOKENS_PER_SECOND: '400' }, { sharedWith: a });
    baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('serves on instance B, after a cut and a resume, the whole reply started on instance A', async () => {
    const onA = a.client();
    const thread = await onA.post('/api/threads/create_thread.php', {});
    const post = await onA.post('/api/messages/chat.php', {
      thread_id: thread.data.thread_id,
      model: 'gpt-4o',
      stream: true,
      messages: [{ content: 'Describe the water cycle step by step', role: 'user' }],
    });
    expect(post.statusCode).toBe(200);
    const cookie = [...onA.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const url = `${baseB}/api/messages/chat.php?stream=true&model=gpt-4o&stream_id=${post.data.data.stream_id}`;
    const first = await readSse(url, { cookie, stopAfter: 4 });
    const lastId = first.events.filter((e) => e.id !== null).at(-1)?.eventId as string;
    const rest = await readSse(url, { cookie, lastEventId: lastId });
    expect(rest.ended).toBe('done');
    const ids = [...first.events, ...rest.events].map((e) => e.id).filter((id): id is number => id !== null);
    // Numbered in order, none twice (a finished stream's replay may skip numbers it joined).
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    const text = [...first.events, ...rest.events]
      .filter((e) => e.data.startsWith('{"content"'))
      .map((e) => JSON.parse(e.data).content)
      .join('');
    const saved = await onA.post('/api/messages/get_messages.php', { thread_id: thread.data.thread_id });
    expect(saved.data.messages.at(-1).content).toBe(text);

    const stranger = b.client();
    expect((await stranger.get(`/api/messages/chat.php?stream=true&stream_id=${post.data.data.stream_id}`)).statusCode).toBe(404);
  });
});
