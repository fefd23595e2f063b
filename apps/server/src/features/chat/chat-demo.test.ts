import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';

async function newThread(c: TestClient): Promise<number> {
  const res = await c.post('/api/threads/create_thread.php', { user_id: -1, title: 'New Thread', is_anonymous: true });
  expect(res.statusCode).toBe(200);
  return res.data.thread_id;
}

async function readStream(_t: TestApp, c: TestClient, streamId: string) {
  const res = await c.get(`/api/messages/chat.php?stream=true&model=gpt-4o&stream_id=${streamId}`);
  return { res, events: res.body.split('\n\n').filter(Boolean) };
}

describe('chat in demo mode (no provider keys)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('lists the catalogue with every model marked demo', async () => {
    const res = await t.client().get('/api/config/models.php');
    expect(res.data.text_models.map((m: { id: string }) => m.id)).toContain('gpt-4o');
    expect(res.data.image_models.map((m: { id: string }) => m.id)).toContain('dall-e-3');
    expect(res.data.text_models.every((m: { demo: boolean }) => m.demo)).toBe(true);
    expect((await t.client().get('/api/config/get_frontend_config.php')).data.demo_mode).toBe(true);
  });

  it('streams a gpt-4o reply to a guest, saves it, titles the thread and leaves 24 credits', async () => {
    const c = t.client();
    const threadId = await newThread(c);
    const post = await c.post('/api/messages/chat.php', {
      thread_id: threadId,
      user_id: -1,
      model: 'gpt-4o',
      stream: true,
      messages: [{ content: 'Write a Python function that reverses a string', role: 'user', type: 'text' }],
    });
    expect(post.statusCode).toBe(200);
    expect(post.data.status).toBe('success');
    expect(post.data.data.stream_id).toMatch(/^[0-9a-f]{32}$/);
    expect(post.data.credits_remaining).toBe(24);
    expect(post.data.data.credits_info).toMatchObject({ remaining: 24, credits_used: 1 });
    expect(post.data.is_first_message).toBe(true);
    expect(post.data.data.thread_update.new_title).toBe('Write a Python function that reverses a string');

    const { res, events } = await readStream(t, c, post.data.data.stream_id);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.headers['x-accel-buffering']).toBe('no');
    expect(events[0]).toContain('"type":"connection_established"');
    expect(events.at(-1)).toMatch(/data: \[DONE\]$/);
    const text = events
      .filter((e) => e.includes('"content"'))
      .map((e) => JSON.parse(e.split('data: ')[1] as string).content)
      .join('');
    expect(text).toContain('```');
    expect(text).toContain('GPT-4o');

    const msgs = await c.post('/api/messages/get_messages.php', { thread_id: String(threadId), user_id: '-1' });
    const assistant = msgs.data.messages.find((m: { role: string }) => m.role === 'assistant');
    expect(assistant.content).toBe(text);
    expect(assistant.status).toBe('complete');
    expect(assistant.metadata.demo).toBe(true);
    expect(msgs.data.thread.title).toBe('Write a Python function that reverses a string');
  });

  it('generates a dall-e-3 image for 3 credits, stored and served from our own URL', async () => {
    const c = t.client();
    const threadId = await newThread(c);
    const res = await c.post('/api/messages/chat.php', {
      thread_id: threadId,
      user_id: -1,
      model: 'dall-e-3',
      messages: [{ content: 'A lighthouse at dawn over a calm sea', role: 'user', metadata: { aspectRatio: 'wide' } }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.data.type).toBe('image');
    expect(res.data.credits_remaining).toBe(22);
    expect(res.data.data.thread_update.new_title).toBe('Image: A lighthouse at dawn over a ca...');
    const url: string = res.data.image.url;
    expect(url).toMatch(/^\/api\/images\/file\/[A-Za-z0-9_-]{22,}$/);
    expect(res.data.url).toBe(url);
    const file = await c.request({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // a PNG's IHDR holds width and height: wide is 1792x1024
    expect(file.rawPayload.readUInt32BE(16)).toBe(1792);
    expect(file.rawPayload.readUInt32BE(20)).toBe(1024);
  });

  it('draws a new picture for the same prompt and model each time (a Regenerate is a new image)', async () => {
    const c = t.client();
    const threadId = await newThread(c);
    const pictures: Buffer[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await c.post('/api/messages/chat.php', {
        thread_id: threadId,
        model: 'sdxl',
        messages: [{ content: 'A red bicycle', role: 'user', metadata: { aspectRatio: 'square' } }],
      });
      expect(res.statusCode).toBe(200);
      pictures.push((await c.request({ method: 'GET', url: res.data.image.url })).rawPayload);
    }
    expect(pictures[0].equals(pictures[1])).toBe(false);
  });

  it('answers a non-streamed text request at once with the whole reply', async () => {
    const c = t.client();
    const res = await c.post('/api/messages/chat.php', {
      model: 'claude-3-7-sonnet-latest',
      is_comparison: true,
      messages: [{ content: 'List three uses of copper', role: 'user' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.data.content.length).toBeGreaterThan(100);
    expect(res.data.data.threadId).toBeNull();
    expect(res.data.credits_remaining).toBe(24);
  });

  it('refuses with 402 and the guest text once the credits are gone, charging nothing more', async () => {
    const c = t.client();
    const spend = async (model: string) =>
      c.post('/api/messages/chat.php', { model, is_comparison: true, messages: [{ content: 'Paint a fox', role: 'user' }] });
    for (let i = 0; i < 3; i++) expect((await spend('gpt-image-1')).statusCode).toBe(200); // 24 used
    const short = await spend('gpt-image-1');
    expect(short.statusCode).toBe(402);
    expect(short.data.status).toBe('credits_exhausted');
    expect(short.data.message).toBe(
      'Insufficient anonymous credits. This model requires 8 credit(s), but you only have 1 remaining. Sign up to get 100 free credits!',
    );
    expect((await spend('gpt-4o')).statusCode).toBe(200);
    const out = await spend('gpt-4o');
    expect(out.statusCode).toBe(402);
    expect(out.data).toMatchObject({
      status: 'credits_exhausted',
      message: 'Anonymous credits depleted. Sign up now to get 100 free credits!',
      credits_info: { remaining: 0, status: 'credits_exhausted' },
    });
  });

  it('refuses an unknown model, an empty message list and a blank prompt with 400, charging nothing', async () => {
    const c = t.client();
    const unknown = await c.post('/api/messages/chat.php', { model: 'gpt-99', messages: [{ content: 'hi', role: 'user' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.data.message).toBe('Model configuration not found');
    expect((await c.post('/api/messages/chat.php', { model: 'gpt-4o', messages: [] })).statusCode).toBe(400);
    expect((await c.post('/api/messages/chat.php', { model: 'gpt-4o', messages: [{ content: '   ', role: 'user' }] })).statusCode).toBe(
      400,
    );
    expect((await c.post('/api/messages/chat.php', { model: 'gpt-4o', thread_id: 'abc', messages: [{ content: 'x' }] })).statusCode).toBe(
      400,
    );
    expect(
      (
        await c.request({
          method: 'POST',
          url: '/api/messages/chat.php',
          payload: 'not json',
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(400);
    const balance = await c.post('/api/credits/check_credits.php', { required_credits: 0 });
    expect(balance.data.credits_info.remaining).toBe(25);
  });

  it("refuses another caller's thread with 403 and stream with 404 (as missing ones) and changes nothing", async () => {
    const owner = t.client();
    const other = t.client();
    const threadId = await newThread(owner);
    const post = await owner.post('/api/messages/chat.php', {
      thread_id: threadId,
      model: 'gpt-4o',
      stream: true,
      messages: [{ content: 'Hello there', role: 'user' }],
    });
    const intruder = await other.post('/api/messages/chat.php', {
      thread_id: threadId,
      model: 'gpt-4o',
      messages: [{ content: 'Mine now', role: 'user' }],
    });
    expect(intruder.statusCode).toBe(403);
    const attach = await other.get(`/api/messages/chat.php?stream=true&model=gpt-4o&stream_id=${post.data.data.stream_id}`);
    expect(attach.statusCode).toBe(404);
    expect((await other.post('/api/credits/check_credits.php', {})).data.credits_info.remaining).toBe(25);
    const count = await t.ctx.db.kysely.selectFrom('messages').select('id').where('thread_id', '=', threadId).execute();
    expect(count).toHaveLength(2);
  });
});
