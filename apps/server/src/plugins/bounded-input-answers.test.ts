import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestClient, createTestApp } from '../test/app-factory.js';

const MAX_ID = 2_147_483_647;

describe('bounded input: what a client sees', () => {
  let t: TestApp;
  let guest: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    guest = t.client();
  });
  afterAll(async () => t?.close());

  it('charges nothing and saves nothing for chat prompts containing NUL (before: 7 prompts took 21 credits)', async () => {
    const c = t.client();
    const thread = await c.post('/api/threads/create_thread.php', {});
    const before = (await c.post('/api/credits/check_credits.php', {})).data.credits_info.remaining;
    for (let i = 0; i < 7; i++) {
      const res = await c.post('/api/messages/chat.php', {
        thread_id: thread.data.thread_id,
        model: 'o1-mini',
        messages: [{ role: 'user', content: `tell me\u0000 ${i}` }],
      });
      expect(res.statusCode).toBe(400);
      expect(res.data).toMatchObject({ status: 'error', message: expect.stringContaining('must not contain NUL bytes') });
    }
    expect((await c.post('/api/credits/check_credits.php', {})).data.credits_info.remaining).toBe(before);
    const saved = await c.get(`/api/messages/get_messages.php?thread_id=${thread.data.thread_id}`);
    expect(saved.data.messages).toEqual([]);
  });

  it('answers the same 400 naming the field for a huge id on either database', async () => {
    const res = await guest.post('/api/threads/update_thread_title.php', { thread_id: MAX_ID + 1, title: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.data.message).toBe('Invalid request: body.thread_id: must be a whole number from 1 to 2147483647');
    // The biggest valid id passes validation; no such thread, answered as anyone else's (issue 36 item 13).
    const biggest = await guest.post('/api/threads/update_thread_title.php', { thread_id: MAX_ID, title: 'x' });
    expect(biggest.statusCode).toBe(403);
    expect(biggest.data.message).toBe('You do not have access to this thread');
  });
});
