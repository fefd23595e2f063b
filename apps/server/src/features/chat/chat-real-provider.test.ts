import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/app-factory.js';
import { DEFAULT_CHUNKS, type ProviderFake, RAW_BODY_MARKER, startProviderFake } from '../../test/fakes/provider-fakes.js';

describe('chat through a real adapter pointed at a fake OpenAI', () => {
  let t: TestApp;
  let openai: ProviderFake;
  beforeAll(async () => {
    openai = await startProviderFake('openai');
    t = await createTestApp({ OPENAI_API_KEY: 'sk-test-secret-key', OPENAI_BASE_URL: openai.baseUrl });
  });
  afterAll(async () => {
    await t.close();
    await openai.fake.close();
  });

  it('uses the real adapter for OpenAI models and the demo one for the rest', async () => {
    const res = await t.client().get('/api/config/models.php');
    const byId = new Map([...res.data.text_models, ...res.data.image_models].map((m: { id: string; demo: boolean }) => [m.id, m.demo]));
    expect(byId.get('gpt-4o')).toBe(false);
    expect(byId.get('dall-e-3')).toBe(false);
    expect(byId.get('claude-3-7-sonnet-latest')).toBe(true);
  });

  it('streams the provider reply and records it', async () => {
    openai.fake.behaviour = 'ok';
    const c = t.client();
    const thread = await c.post('/api/threads/create_thread.php', {});
    const post = await c.post('/api/messages/chat.php', {
      thread_id: thread.data.thread_id,
      model: 'gpt-4o',
      stream: false,
      messages: [{ content: 'Say hello', role: 'user' }],
    });
    expect(post.statusCode).toBe(200);
    expect(post.data.data.content).toBe(DEFAULT_CHUNKS.join(''));
    expect(post.data.data.metadata.demo).toBe(false);
    const sent = openai.fake.lastRequest('/chat/completions')?.body as { model: string; messages: { role: string; content: unknown }[] };
    expect(sent.model).toBe('gpt-4o');
    expect(JSON.stringify(sent.messages)).toContain('Say hello');
  });

  it('refunds in full when the provider fails before any content, with the spec text and no raw body', async () => {
    const c = t.client();
    await c.get('/api/auth/check_session.php');
    openai.fake.behaviour = 429;
    const res = await c.post('/api/messages/chat.php', {
      model: 'gpt-4o',
      is_comparison: true,
      messages: [{ content: 'Hello', role: 'user' }],
    });
    expect(res.statusCode).toBe(502);
    expect(res.data.message).toBe('Rate limit exceeded. Please wait a moment before trying again.');
    expect(res.body).not.toContain(RAW_BODY_MARKER);
    expect(res.body).not.toContain('sk-test-secret-key');
    openai.fake.behaviour = 500;
    const image = await c.post('/api/messages/chat.php', {
      model: 'dall-e-3',
      is_comparison: true,
      messages: [{ content: 'A cat', role: 'user' }],
    });
    expect(image.statusCode).toBe(502);
    expect(image.body).not.toContain(RAW_BODY_MARKER);
    openai.fake.behaviour = 'ok';
    const balance = await c.post('/api/credits/check_credits.php', { required_credits: 0 });
    expect(balance.data.credits_info).toMatchObject({ remaining: 25, credits_used: 0 });
    const guest = await t.ctx.db.kysely.selectFrom('guests').select('id').where('client_address', '=', c.ip).executeTakeFirstOrThrow();
    const reasons = await t.ctx.db.kysely
      .selectFrom('credit_ledger')
      .select(['reason', 'delta'])
      .where('guest_id', '=', guest.id)
      .orderBy('id')
      .execute();
    expect(reasons.map((r) => r.reason)).toEqual(['guest_grant', 'chat', 'refund', 'image', 'refund']);
  });

  it('sends a stream error event and refunds when the provider fails mid-way before content', async () => {
    const c = t.client();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    openai.fake.behaviour = 500;
    const thread = await c.post('/api/threads/create_thread.php', {});
    const post = await c.post('/api/messages/chat.php', {
      thread_id: thread.data.thread_id,
      model: 'gpt-4o',
      stream: true,
      messages: [{ content: 'Hello', role: 'user' }],
    });
    expect(post.statusCode).toBe(200);
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const { readSse } = await import('../../test/sse-client.js');
    const read = await readSse(`${base}/api/messages/chat.php?stream=true&stream_id=${post.data.data.stream_id}`, { cookie });
    openai.fake.behaviour = 'ok';
    expect(
      read.events.some(
        (e) => e.data === JSON.stringify({ error: 'Failed to generate response. Please try again.', message_code: 'generateFailed' }),
      ),
    ).toBe(true);
    expect(read.ended).toBe('done');
    const msgs = await c.post('/api/messages/get_messages.php', { thread_id: thread.data.thread_id });
    expect(msgs.data.messages.map((m: { role: string }) => m.role)).toEqual(['user']);
    expect((await c.post('/api/credits/check_credits.php', {})).data.credits_info.remaining).toBe(25);
  });
});
