import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/app-factory.js';
import { contentOf, cookieOf, readSse, startThreadReply } from '../../test/sse-client.js';

describe('stream resume and server-side generation', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // Slow enough that a reader can be cut mid-reply.
    t = await createTestApp({ DEMO_TOKENS_PER_SECOND: '400', STREAM_GRACE_MS: '60000' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  async function start(prompt: string) {
    const c = t.client();
    return { c, ...(await startThreadReply(c, prompt)) };
  }

  it('gives the whole reply exactly once across two cuts resumed with Last-Event-ID', async () => {
    const { cookie, streamId, messageId, c, threadId } = await start('Explain how a hash map works, with an example in code');
    const url = `${base}/api/messages/chat.php?stream=true&model=gpt-4o&stream_id=${streamId}`;
    const first = await readSse(url, { cookie, stopAfter: 5 });
    expect(first.ended).toBe('cut');
    const lastA = first.events.filter((e) => e.id !== null).at(-1)?.eventId as string;
    const second = await readSse(url, { cookie, lastEventId: lastA, stopAfter: 7 });
    expect(second.ended).toBe('cut');
    const lastB = second.events.filter((e) => e.id !== null).at(-1)?.eventId as string;
    const third = await readSse(url, { cookie, lastEventId: lastB });
    expect(third.ended).toBe('done');

    const ids = [...first.events, ...second.events, ...third.events].map((e) => e.id).filter((id): id is number => id !== null);
    // Numbered in order, none twice (a finished stream's replay may skip numbers it joined).
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);

    const text = [...contentOf(first.events), ...contentOf(second.events), ...contentOf(third.events)].join('');
    const saved = await c.post('/api/messages/get_messages.php', { thread_id: threadId });
    const reply = saved.data.messages.find((m: { id: number }) => m.id === messageId);
    expect(reply.status).toBe('complete');
    expect(text).toBe(reply.content);
    expect(text.length).toBeGreaterThan(300);
  });

  it('lets a finished comparison stream be read again in full, without charging again', async () => {
    const c = t.client();
    const post = await c.post('/api/messages/chat.php', {
      thread_id: null,
      model: 'gpt-4o',
      stream: true,
      is_comparison: true,
      messages: [{ content: 'Name three rivers', role: 'user' }],
    });
    expect(post.statusCode).toBe(200);
    const cookie = cookieOf(c);
    const url = `${base}/api/messages/chat.php?stream=true&model=gpt-4o&stream_id=${post.data.data.stream_id}`;
    const first = await readSse(url, { cookie });
    expect(first.ended).toBe('done');
    const balance = (await c.post('/api/credits/check_credits.php', {})).data.credits_info.remaining;
    // A client whose stream failed re-attaches (a Retry): the finished reply comes again, whole, for free.
    const again = await readSse(url, { cookie });
    expect(again.ended).toBe('done');
    expect(contentOf(again.events).join('')).toBe(contentOf(first.events).join(''));
    expect(contentOf(again.events).join('').length).toBeGreaterThan(20);
    expect((await c.post('/api/credits/check_credits.php', {})).data.credits_info.remaining).toBe(balance);
  });

  it('keeps generating and saves the reply when nobody listens', async () => {
    const { streamId, messageId, c, threadId, cookie } = await start('Give me a short travel plan for Lisbon');
    // Nobody attaches: wait for the server to finish on its own.
    let reply: { status: string; content: string } | undefined;
    for (let i = 0; i < 200 && reply?.status !== 'complete'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const saved = await c.post('/api/messages/get_messages.php', { thread_id: threadId });
      reply = saved.data.messages.find((m: { id: number }) => m.id === messageId);
    }
    expect(reply?.status).toBe('complete');
    // A reader that comes late still gets the same whole reply.
    const late = await readSse(`${base}/api/messages/chat.php?stream=true&model=gpt-4o&stream_id=${streamId}`, { cookie });
    expect(late.ended).toBe('done');
    expect(contentOf(late.events).join('')).toBe(reply?.content);
  });

  it('answers 404 for an unknown stream and 400 for a malformed stream id', async () => {
    const c = t.client();
    expect((await c.get(`/api/messages/chat.php?stream=true&model=gpt-4o&stream_id=${'0'.repeat(32)}`)).statusCode).toBe(404);
    expect((await c.get('/api/messages/chat.php?stream=true&stream_id=../../etc')).statusCode).toBe(400);
  });
});
