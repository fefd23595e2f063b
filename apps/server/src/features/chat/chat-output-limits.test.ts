import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { signInNewAccount } from '../../test/account-factory.js';
import { type ProviderFake, fakeProviderEnv, startAllProviderFakes } from '../../test/fakes/provider-fakes.js';

type Provider = 'openai' | 'anthropic' | 'google' | 'deepseek';

describe("a thread's parameters reach each model within what its provider allows (catalogue data)", () => {
  let t: TestApp;
  let c: TestClient;
  let fakes: Awaited<ReturnType<typeof startAllProviderFakes>>;
  const lastBody = (p: Provider, path: string) => (fakes.fakes[p] as ProviderFake).fake.lastRequest(path)?.body as Record<string, any>;
  let thread: number;

  beforeAll(async () => {
    fakes = await startAllProviderFakes(['openai', 'anthropic', 'google', 'deepseek']);
    t = await createTestApp(fakeProviderEnv(fakes.fakes));
    c = t.client();
    await signInNewAccount(t, c, { credits: 100 });
    thread = (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id;
    // The largest setting a thread takes, for every model in it.
    const set = await c.post('/api/threads/thread_settings.php', { thread_id: thread, temperature: 1.5, max_output_tokens: 128_000 });
    expect(set.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await fakes.closeAll();
  });

  const ask = async (model: string) => {
    const before = (await c.post('/api/credits/check_credits.php', {})).data.credits_info.credits_used;
    const res = await c.post('/api/messages/chat.php', {
      thread_id: thread,
      model,
      stream: false,
      messages: [{ role: 'user', content: `Hi ${model}` }],
    });
    expect(res.statusCode, JSON.stringify(res.data)).toBe(200);
    // The chosen model answered, with no fallback and a charge.
    expect(res.data.data.metadata?.fallback_note).toBeUndefined();
    expect((await c.post('/api/credits/check_credits.php', {})).data.credits_info.credits_used).toBeGreaterThan(before);
  };

  it('OpenAI GPT-4o and GPT-4o mini get at most 16,384 tokens (OpenAI answers 400 above it)', async () => {
    for (const model of ['gpt-4o', 'gpt-4o-mini']) {
      await ask(model);
      const body = lastBody('openai', '/chat/completions');
      expect(body.model).toBe(model);
      expect(body.max_tokens).toBe(16_384);
      expect(body.temperature).toBe(1.5);
    }
  });

  it('a GPT-6 model takes the whole 128,000', async () => {
    await ask('gpt-6.2-astra');
    expect(lastBody('openai', '/chat/completions').max_completion_tokens).toBe(128_000);
  });

  it('Gemini gets at most 65,536 and Claude Haiku 4.5 at most 64,000', async () => {
    await ask('gemini-2.0-flash-exp');
    expect(lastBody('google', ':streamGenerateContent').generationConfig).toMatchObject({ temperature: 1.5, maxOutputTokens: 65_536 });
    await ask('claude-3-haiku-20240307');
    expect(lastBody('anthropic', '/messages')).toMatchObject({ model: 'claude-haiku-4-5', max_tokens: 64_000, temperature: 1 });
  });

  it('DeepSeek V4 rows offer no temperature, and their requests carry none', async () => {
    const list = (await c.get('/api/config/models.php')).data;
    for (const id of ['deepseek-chat', 'deepseek-v4-pro']) {
      const row = list.text_models.find((m: { id: string }) => m.id === id);
      expect(row).toMatchObject({ parameters: ['max_output_tokens'], max_output_tokens: 393_216, context_window: 1_048_576 });
      await ask(id);
      const body = lastBody('deepseek', '/chat/completions');
      expect(body.temperature).toBeUndefined();
      expect(body.max_tokens).toBe(128_000);
    }
  });
});
