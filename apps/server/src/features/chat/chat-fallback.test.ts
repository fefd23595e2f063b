import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { firstAvailabilityCheck } from '../../app-context.js';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { DEFAULT_CHUNKS, fakeProviderEnv, type ProviderFake, startAllProviderFakes } from '../../test/fakes/provider-fakes.js';
import { readSse } from '../../test/sse-client.js';

const REPLY = DEFAULT_CHUNKS.join('');

describe('fallback rows answer when the chosen model cannot', () => {
  let all: Awaited<ReturnType<typeof startAllProviderFakes>>;
  let anthropic: ProviderFake;
  let openai: ProviderFake;
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    all = await startAllProviderFakes(['openai', 'anthropic', 'deepseek']);
    anthropic = all.fakes.anthropic as ProviderFake;
    openai = all.fakes.openai as ProviderFake;
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'models-')), 'models.json');
    // An operator names fallbacks in MODELS_FILE, next to those the catalogue ships with.
    writeFileSync(file, JSON.stringify({ fallbacks: { 'claude-3-5-haiku-latest': ['deepseek-chat'], 'o3-mini': ['gpt-6-luna'] } }));
    t = await createTestApp({ ...fakeProviderEnv(all.fakes), MODELS_FILE: file, PROVIDER_FIRST_TOKEN_TIMEOUT_MS: '300' });
    await firstAvailabilityCheck(t.app);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    anthropic.fake.behaviour = 'ok';
    openai.fake.behaviour = 'ok';
    openai.fake.served.add('gpt-6.1-sol');
    openai.fake.served.add('gpt-image-2.6-sunburst');
  });
  afterAll(async () => {
    await t.close();
    await all.closeAll();
  });

  const ledger = async (c: TestClient) => {
    const guest = await t.ctx.db.kysely.selectFrom('guests').select('id').where('client_address', '=', c.ip).executeTakeFirstOrThrow();
    const rows = await t.ctx.db.kysely
      .selectFrom('credit_ledger')
      .select(['reason', 'delta'])
      .where('guest_id', '=', guest.id)
      .orderBy('id')
      .execute();
    return rows.map((r) => `${r.reason} ${r.delta}`);
  };
  const balance = async (c: TestClient) => (await c.post('/api/credits/check_credits.php', {})).data.credits_info.remaining;

  it('streams the fallback reply when the chosen model fails before its first token, notes it and charges once', async () => {
    anthropic.fake.behaviour = 500;
    const c = t.client();
    const thread = await c.post('/api/threads/create_thread.php', {});
    const post = await c.post('/api/messages/chat.php', {
      thread_id: thread.data.thread_id,
      model: 'claude-3-5-haiku-latest',
      stream: true,
      messages: [{ content: 'Hello', role: 'user' }],
    });
    expect(post.statusCode).toBe(200);
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const read = await readSse(`${base}/api/messages/chat.php?stream=true&stream_id=${post.data.data.stream_id}`, { cookie });
    const events = read.events
      .map((e) => e.data)
      .filter((d) => d !== '[DONE]')
      .map((d) => JSON.parse(d));
    const note = 'Answered by DeepSeek Chat → DeepSeek V4.1 Flash because Claude 3.5 Haiku → Claude Haiku 5.5 was unavailable';
    expect(events.find((e) => e.type === 'fallback')).toEqual({ type: 'fallback', answered_by: 'deepseek-chat', note, cost: 1 });
    expect(events.map((e) => e.content ?? '').join('')).toBe(REPLY);
    const messages = (await c.post('/api/messages/get_messages.php', { thread_id: thread.data.thread_id })).data.messages;
    const reply = messages.find((m: { role: string }) => m.role === 'assistant');
    expect(reply.content).toBe(REPLY);
    expect(reply.model).toBe('claude-3-5-haiku-latest');
    expect(reply.metadata).toMatchObject({ answered_by: 'deepseek-chat', fallback_note: note });
    expect(await ledger(c)).toEqual(['guest_grant 25', 'chat -1']);
    expect(await balance(c)).toBe(24);
  });

  it('moves on when the chosen model sends no first token within PROVIDER_FIRST_TOKEN_TIMEOUT_MS', async () => {
    anthropic.fake.behaviour = 'slow';
    anthropic.fake.slowMs = 3000;
    const res = await t.client().post('/api/messages/chat.php', {
      model: 'claude-3-5-haiku-latest',
      is_comparison: true,
      messages: [{ content: 'Hello', role: 'user' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.data.content).toBe(REPLY);
    expect(res.data.data.metadata.answered_by).toBe('deepseek-chat');
  });

  it('charges a cheaper fallback its own cost: the difference comes back in the same ledger', async () => {
    openai.fake.served.delete('gpt-6.1-sol');
    const c = t.client();
    const res = await c.post('/api/messages/chat.php', {
      model: 'o3-mini',
      is_comparison: true,
      messages: [{ content: 'Hi', role: 'user' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.data.metadata.fallback_note).toBe('Answered by GPT-6 Luna because o3-mini → GPT-6.1 Sol was unavailable');
    expect(await ledger(c)).toEqual(['guest_grant 25', 'chat -3', 'refund 2']);
    expect(await balance(c)).toBe(24);
  });

  it('images: a cheaper fallback image model answers an immediate failure and is charged its own cost', async () => {
    openai.fake.served.delete('gpt-image-2.6-sunburst');
    const c = t.client();
    const thread = await c.post('/api/threads/create_thread.php', {});
    const res = await c.post('/api/messages/chat.php', {
      thread_id: thread.data.thread_id,
      model: 'gpt-image-1',
      messages: [{ content: 'A lighthouse', role: 'user', metadata: { aspectRatio: 'wide' } }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.data.metadata).toMatchObject({
      answered_by: 'dall-e-3',
      fallback_note: 'Answered by DALL-E 3 → GPT Image 2.6 Flare because GPT Image 1 → GPT Image 2.6 Sunburst was unavailable',
    });
    expect(openai.fake.lastRequest('/images/generations')?.body).toMatchObject({ model: 'gpt-image-2.6-flare', size: '1536x1024' });
    expect(await ledger(c)).toEqual(['guest_grant 25', 'image -8', 'refund 5']);
  });

  it('a row without fallbacks behaves as before: the failure, and a full refund', async () => {
    anthropic.fake.behaviour = 503;
    const c = t.client();
    const res = await c.post('/api/messages/chat.php', {
      model: 'claude-3-opus-20240229',
      is_comparison: true,
      messages: [{ content: 'Hi', role: 'user' }],
    });
    expect(res.statusCode).toBe(502);
    expect(res.data.message).toBe('Failed to generate response. Please try again.');
    expect(await ledger(c)).toEqual(['guest_grant 25', 'chat -1', 'refund 1']);
  });
});
