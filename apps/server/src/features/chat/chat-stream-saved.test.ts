import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/app-factory.js';
import { contentOf, cookieOf, readSse, startThreadReply } from '../../test/sse-client.js';

/**
 * A reader who comes back after a finished thread reply's stream was dropped (its grace over, or
 * the hub's budget full) is answered from the saved message: exactly the text it lacks, then [DONE].
 */
describe('a late reconnect to a thread reply', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // No grace: a finished stream goes at the next sweep (every second).
    t = await createTestApp({ DEMO_TOKENS_PER_SECOND: '400', STREAM_GRACE_MS: '0' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  async function finishedReply(prompt: string, c = t.client()) {
    const { streamId, messageId, threadId } = await startThreadReply(c, prompt);
    const url = `${base}/api/messages/chat.php?stream=true&model=gpt-4o&stream_id=${streamId}`;
    // The reader is cut after a few events and comes back only once the stream is gone.
    const first = await readSse(url, { cookie: cookieOf(c), stopAfter: 4 });
    expect(first.ended).toBe('cut');
    let reply: { status: string; content: string } | undefined;
    for (let i = 0; i < 100 && reply?.status !== 'complete'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const saved = await c.post('/api/messages/get_messages.php', { thread_id: threadId });
      reply = saved.data.messages.find((m: { id: number }) => m.id === messageId);
    }
    expect(reply?.status).toBe('complete');
    let gone = false;
    for (let i = 0; i < 40 && !gone; i++) {
      await new Promise((r) => setTimeout(r, 100));
      gone = (await c.get(`/api/messages/chat.php?stream=true&model=gpt-4o&stream_id=${streamId}`)).statusCode === 404;
    }
    expect(gone).toBe(true);
    const last = first.events.filter((e) => e.id !== null).at(-1)?.eventId as string;
    return { c, url, messageId, first, last, saved: reply as { status: string; content: string } };
  }

  it('gets exactly the rest of the saved text, the figures and [DONE], numbered after its last event', async () => {
    const { c, url, messageId, first, last, saved } = await finishedReply('Explain how a hash map works, with an example in code');
    const rest = await readSse(`${url}&message_id=${messageId}`, { cookie: cookieOf(c), lastEventId: last });
    expect(rest.ended).toBe('done');
    expect(contentOf(first.events).join('') + contentOf(rest.events).join('')).toBe(saved.content);
    expect(saved.content.length).toBeGreaterThan(300);
    const figures = rest.events.find((e) => e.data.includes('"figures"'));
    expect(JSON.parse(figures?.data ?? '{}').figures.credits).toBe(1);
    const ids = [...first.events, ...rest.events].map((e) => e.id).filter((id): id is number => id !== null);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    // Read again from the start, it is the whole reply.
    const whole = await readSse(`${url}&message_id=${messageId}`, { cookie: cookieOf(c) });
    expect(contentOf(whole.events).join('')).toBe(saved.content);
  });

  it("answers 404 for someone else's reply, a reply of another stream, or a reader whose offset is unknown", async () => {
    const mine = await finishedReply('Name three rivers');
    const other = await finishedReply('Name three mountains');
    // Another caller naming my reply and stream learns nothing.
    const stranger = await other.c.get(
      `/api/messages/chat.php?stream=true&stream_id=${mine.url.split('stream_id=')[1]}&message_id=${mine.messageId}`,
    );
    expect(stranger.statusCode).toBe(404);
    expect(stranger.data).toMatchObject({ status: 'error', message: 'Stream not found or already finished' });
    // My own stream with the id of another of my replies is not that reply.
    const second = await finishedReply('Name three lakes', mine.c);
    const mismatched = await mine.c.get(
      `/api/messages/chat.php?stream=true&stream_id=${second.url.split('stream_id=')[1]}&message_id=${mine.messageId}`,
    );
    expect(mismatched.statusCode).toBe(404);
    // A bare sequence number says nothing of the text the reader has: no exact resume, so no answer.
    const bare = await mine.c.get(
      `/api/messages/chat.php?stream=true&stream_id=${mine.url.split('stream_id=')[1]}&message_id=${mine.messageId}`,
      {
        'last-event-id': '3',
      },
    );
    expect(bare.statusCode).toBe(404);
    // A message id that is no number is a bad request.
    const bad = await mine.c.get(`/api/messages/chat.php?stream=true&stream_id=${mine.url.split('stream_id=')[1]}&message_id=abc`);
    expect(bad.statusCode).toBe(400);
  });
});
