import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';

describe('messages.php with image_id (an image continued in chat)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function studioImage(c: TestClient): Promise<{ url: string; id: string }> {
    const res = await c.post('/api/messages/chat.php', {
      model: 'flux',
      is_comparison: true,
      messages: [{ content: 'A glass city at night', role: 'user', metadata: { aspectRatio: 'tall' } }],
    });
    expect(res.statusCode).toBe(200);
    const url: string = res.data.image.url;
    return { url, id: url.split('/').at(-1) as string };
  }

  it('saves the prompt and the stored image as the reply, without charging again', async () => {
    const c = t.client();
    const image = await studioImage(c);
    const before = (await c.post('/api/credits/check_credits.php', {})).data.credits_info.remaining;
    const thread = await c.post('/api/threads/create_thread.php', { title: 'Image: A glass city at night', force: true });
    const saved = await c.post('/api/messages/messages.php', {
      thread_id: thread.data.thread_id,
      content: 'A glass city at night',
      model: 'flux',
      metadata: JSON.stringify({ aspectRatio: 'tall', prompt: 'A glass city at night' }),
      image_id: image.id,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.data.image_message_id).toBeGreaterThan(saved.data.message_id);
    const msgs = await c.post('/api/messages/get_messages.php', { thread_id: thread.data.thread_id });
    expect(msgs.data.messages.map((m: { role: string; type: string; content: string }) => [m.role, m.type, m.content])).toEqual([
      ['user', 'text', 'A glass city at night'],
      ['assistant', 'image', image.url],
    ]);
    expect(msgs.data.messages[1].metadata).toMatchObject({ aspectRatio: 'tall', width: 1024, height: 1792, image_id: image.id });
    expect((await c.post('/api/credits/check_credits.php', {})).data.credits_info.remaining).toBe(before);
  });

  it("refuses another caller's image with 403 and saves nothing; 404 for an unknown one", async () => {
    const owner = t.client();
    const image = await studioImage(owner);
    const other = t.client();
    const thread = await other.post('/api/threads/create_thread.php', {});
    const stolen = await other.post('/api/messages/messages.php', {
      thread_id: thread.data.thread_id,
      content: 'mine',
      image_id: image.id,
    });
    expect(stolen.statusCode).toBe(403);
    const unknown = await other.post('/api/messages/messages.php', {
      thread_id: thread.data.thread_id,
      content: 'x',
      image_id: 'A'.repeat(22),
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await other.post('/api/messages/messages.php', {
      thread_id: thread.data.thread_id,
      content: 'x',
      image_id: '../../etc/passwd',
    });
    expect(bad.statusCode).toBe(400);
    const msgs = await other.post('/api/messages/get_messages.php', { thread_id: thread.data.thread_id });
    expect(msgs.data.messages).toEqual([]);
  });
});
