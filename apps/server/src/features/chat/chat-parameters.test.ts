import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { signInNewAccount } from '../../test/account-factory.js';
import { type ProviderFake, fakeProviderEnv, startAllProviderFakes } from '../../test/fakes/provider-fakes.js';

const SYSTEM = 'You are a terse pirate.';

describe("a thread's system prompt and parameters reach each provider in its own form", () => {
  let t: TestApp;
  let c: TestClient;
  let fakes: Awaited<ReturnType<typeof startAllProviderFakes>>;
  const fake = (p: 'openai' | 'anthropic' | 'google' | 'replicate') => (fakes.fakes[p] as ProviderFake).fake;
  let thread: number;

  beforeAll(async () => {
    fakes = await startAllProviderFakes(['openai', 'anthropic', 'google', 'replicate']);
    t = await createTestApp(fakeProviderEnv(fakes.fakes));
    c = t.client();
    await signInNewAccount(t, c, { credits: 100 });
    thread = (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id;
    const set = await c.post('/api/threads/thread_settings.php', {
      thread_id: thread,
      system_prompt: SYSTEM,
      temperature: 1.5,
      max_output_tokens: 300,
    });
    expect(set.statusCode).toBe(200);
    expect(set.data.settings).toEqual({
      system_prompt: SYSTEM,
      temperature: 1.5,
      max_output_tokens: 300,
      web_search: false,
      mcp_server_ids: [],
    });
  });
  afterAll(async () => {
    await t.close();
    await fakes.closeAll();
  });

  const ask = async (model: string) => {
    const res = await c.post('/api/messages/chat.php', {
      thread_id: thread,
      model,
      stream: false,
      messages: [{ role: 'user', content: `Hi ${model}` }],
    });
    expect(res.statusCode, JSON.stringify(res.data)).toBe(200);
    return res;
  };

  it('OpenAI chat model: a system message, temperature and max_tokens', async () => {
    await ask('gpt-4o');
    const body = fake('openai').lastRequest('/chat/completions')?.body as Record<string, any>;
    expect(body.messages[0]).toEqual({ role: 'system', content: SYSTEM });
    expect(body.temperature).toBe(1.5);
    expect(body.max_tokens).toBe(300);
  });

  it('OpenAI reasoning model: no temperature (catalogue data), max_completion_tokens, developer message', async () => {
    await ask('gpt-6-astra');
    const body = fake('openai').lastRequest('/chat/completions')?.body as Record<string, any>;
    expect(body.model).toBe('gpt-6-astra');
    expect(body.temperature).toBeUndefined();
    expect(body.max_tokens).toBeUndefined();
    expect(body.max_completion_tokens).toBe(300);
    expect(body.messages[0]).toEqual({ role: 'developer', content: SYSTEM });
  });

  it('Anthropic: top-level system, temperature within its 0-1 range, max_tokens', async () => {
    await ask('claude-3-haiku-20240307');
    const body = fake('anthropic').lastRequest('/messages')?.body as Record<string, any>;
    expect(body.model).toBe('claude-haiku-4-5');
    expect(JSON.stringify(body.system)).toContain(SYSTEM);
    expect(body.messages.every((m: { role: string }) => m.role !== 'system')).toBe(true);
    expect(body.temperature).toBe(1);
    expect(body.max_tokens).toBe(300);
  });

  it('Anthropic Claude 5: no temperature (it refuses sampling parameters), still max_tokens and system', async () => {
    await ask('claude-3-7-sonnet-latest');
    const body = fake('anthropic').lastRequest('/messages')?.body as Record<string, any>;
    expect(body.model).toBe('claude-sonnet-5-5');
    expect(body.temperature).toBeUndefined();
    expect(body.max_tokens).toBe(300);
    expect(JSON.stringify(body.system)).toContain(SYSTEM);
  });

  it('Google: systemInstruction and generationConfig', async () => {
    await ask('gemini-2.0-flash-exp');
    const body = fake('google').lastRequest(':streamGenerateContent')?.body as Record<string, any>;
    expect(body.systemInstruction.parts[0].text).toBe(SYSTEM);
    expect(body.generationConfig).toMatchObject({ temperature: 1.5, maxOutputTokens: 300 });
  });

  it('Replicate Llama: system_prompt, temperature and max_tokens in the prediction input', async () => {
    await ask('llama-3.1-405b');
    const body = fake('replicate').lastRequest('/predictions')?.body as { input: Record<string, unknown> };
    expect(body.input).toMatchObject({ system_prompt: SYSTEM, temperature: 1.5, max_tokens: 300 });
  });

  it('cleared settings are no longer sent; bad values get a 400 and change nothing', async () => {
    const bad = await c.post('/api/threads/thread_settings.php', { thread_id: thread, temperature: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.message).toContain('temperature');
    const badTokens = await c.post('/api/threads/thread_settings.php', { thread_id: thread, max_output_tokens: 0 });
    expect(badTokens.statusCode).toBe(400);
    expect((await c.get(`/api/threads/thread_settings.php?thread_id=${thread}`)).data.settings.temperature).toBe(1.5);

    await c.post('/api/threads/thread_settings.php', {
      thread_id: thread,
      system_prompt: null,
      temperature: null,
      max_output_tokens: null,
    });
    await ask('gpt-4o');
    const body = fake('openai').lastRequest('/chat/completions')?.body as Record<string, any>;
    expect(body.temperature).toBeUndefined();
    expect(body.max_tokens).toBeUndefined();
    expect(body.messages.some((m: { role: string }) => m.role === 'system')).toBe(false);
    const view = await c.get(`/api/messages/get_messages.php?thread_id=${thread}`);
    expect(view.data.thread).toMatchObject({ system_prompt: null, temperature: null, max_output_tokens: null });
  });

  it("an account's default system prompt goes into its new threads; guests are told to sign in", async () => {
    const set = await c.post('/api/user/system_prompt.php', { system_prompt: 'Answer in French.' });
    expect(set.data.system_prompt).toBe('Answer in French.');
    expect((await c.get('/api/user/system_prompt.php')).data.system_prompt).toBe('Answer in French.');
    const fresh = (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id;
    expect((await c.get(`/api/threads/thread_settings.php?thread_id=${fresh}`)).data.settings.system_prompt).toBe('Answer in French.');
    const own = (await c.post('/api/threads/create_thread.php', { force: true, system_prompt: 'Be brief.' })).data.thread_id;
    expect((await c.get(`/api/threads/thread_settings.php?thread_id=${own}`)).data.settings.system_prompt).toBe('Be brief.');

    const guest = t.client();
    await guest.get('/api/auth/check_session.php');
    expect((await guest.post('/api/user/system_prompt.php', { system_prompt: 'x' })).statusCode).toBe(401);
    const guestThread = (await guest.post('/api/threads/create_thread.php', { system_prompt: 'Guest prompt' })).data.thread_id;
    expect((await guest.get(`/api/threads/thread_settings.php?thread_id=${guestThread}`)).data.settings.system_prompt).toBe('Guest prompt');
    expect((await guest.get(`/api/threads/thread_settings.php?thread_id=${thread}`)).statusCode).toBe(403);
  });
});
