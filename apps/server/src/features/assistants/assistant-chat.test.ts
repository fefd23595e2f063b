import { ASSISTANT_PATHS, EXPORT_PATHS, accountExportSchema } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { signInNewAccount } from '../../test/account-factory.js';
import { type ProviderFake, fakeProviderEnv, startAllProviderFakes } from '../../test/fakes/provider-fakes.js';
import { ADMIN_ENV, signInOperator } from '../admin/admin-test-kit.js';
import { unzip } from '../images/test-images.js';
import { PIRATE, addMcpServerRow, becomeGuest, createAssistant, hasMcpServers, pictureDataUrl } from './assistant-test-kit.js';

const newThread = async (c: TestClient): Promise<number> =>
  (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id;
const ask = (c: TestClient, threadId: number, body: Record<string, unknown> = {}) =>
  c.post('/api/messages/chat.php', {
    thread_id: threadId,
    model: 'gpt-4o-mini',
    stream: false,
    messages: [{ role: 'user', content: 'Say hello' }],
    ...body,
  });
const settingsOf = async (c: TestClient, threadId: number) =>
  (await c.get(`/api/threads/thread_settings.php?thread_id=${threadId}`)).data.settings;
const listed = async (c: TestClient, threadId: number) =>
  (await c.get('/api/threads/get_all_threads.php')).data.threads.find((x: { id: number }) => x.id === threadId);

describe(`starting a chat with an assistant on ${TEST_DB} (demo provider)`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ADMIN_ENV);
  });
  afterAll(async () => t?.close());

  it("makes the new thread take the assistant's prompt and parameters, and names it in the thread's answers", async () => {
    const c = t.client();
    await signInNewAccount(t, c);
    const made = await createAssistant(c, { icon: await pictureDataUrl(), web_search: true });
    const thread = await newThread(c);
    const res = await ask(c, thread, { assistant_id: made.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data.data.status).toBe('success');
    expect(res.data.data.content.length).toBeGreaterThan(0);

    expect(await settingsOf(c, thread)).toMatchObject({
      system_prompt: PIRATE.instructions,
      temperature: 0.5,
      max_output_tokens: 300,
      web_search: true,
    });
    const named = { id: made.id, name: 'Pirate translator', emoji: '🏴‍☠️', icon_url: made.icon_url };
    expect((await listed(c, thread)).assistant).toEqual(named);
    const messages = await c.post('/api/messages/get_messages.php', { thread_id: thread });
    expect(messages.data.thread.assistant).toEqual(named);
    expect(messages.data.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect((await c.post('/api/threads/update_thread.php', { thread_id: thread })).data.thread.assistant).toEqual(named);

    // The settings are the thread's own copy: changing them leaves the assistant as it was, and the reverse.
    const changed = await c.post('/api/threads/thread_settings.php', { thread_id: thread, temperature: 1.2, system_prompt: 'Be brief.' });
    expect(changed.data.settings).toMatchObject({ temperature: 1.2, system_prompt: 'Be brief.' });
    expect((await c.get(`${ASSISTANT_PATHS.get}?id=${made.id}`)).data.assistant).toMatchObject({ temperature: 0.5 });
    await c.post(ASSISTANT_PATHS.update, { id: made.id, instructions: 'Something else' });
    expect((await settingsOf(c, thread)).system_prompt).toBe('Be brief.');

    // A thread without one says so.
    const plain = await newThread(c);
    expect((await ask(c, plain)).statusCode).toBe(200);
    expect((await listed(c, plain)).assistant).toBeNull();
  });

  it('leaves a thread working with assistant: null once its assistant is deleted', async () => {
    const c = t.client();
    await signInNewAccount(t, c);
    const made = await createAssistant(c);
    const thread = await newThread(c);
    expect((await ask(c, thread, { assistant_id: made.id })).statusCode).toBe(200);
    expect((await c.post(ASSISTANT_PATHS.remove, { id: made.id })).statusCode).toBe(200);

    expect((await listed(c, thread)).assistant).toBeNull();
    const messages = await c.post('/api/messages/get_messages.php', { thread_id: thread });
    expect(messages.data.thread.assistant).toBeNull();
    expect(await settingsOf(c, thread)).toMatchObject({ system_prompt: PIRATE.instructions, temperature: 0.5, max_output_tokens: 300 });
    const again = await ask(c, thread, { messages: [{ role: 'user', content: 'And again' }] });
    expect(again.statusCode, again.body).toBe(200);
    expect((await c.post('/api/messages/get_messages.php', { thread_id: thread })).data.messages).toHaveLength(4);
  });

  it("applies only to a new thread, and only an assistant the caller may use (404 for another's, nothing changed)", async () => {
    const owner = t.client();
    await signInNewAccount(t, owner);
    const private_ = await createAssistant(owner, { name: 'Private' });
    const c = t.client();
    await signInNewAccount(t, c);
    const thread = await newThread(c);
    const refused = await ask(c, thread, { assistant_id: private_.id });
    expect(refused.statusCode).toBe(404);
    expect(await settingsOf(c, thread)).toMatchObject({ system_prompt: null, temperature: null });
    expect((await c.post('/api/messages/get_messages.php', { thread_id: thread })).data.messages).toEqual([]);
    expect((await ask(c, thread, { assistant_id: 2_000_000_000 })).statusCode).toBe(404);

    // A thread that already has messages keeps its own settings.
    expect((await ask(c, thread)).statusCode).toBe(200);
    const mine = await createAssistant(c);
    expect((await ask(c, thread, { assistant_id: mine.id })).statusCode).toBe(200);
    expect(await settingsOf(c, thread)).toMatchObject({ system_prompt: null, temperature: null });
    expect((await listed(c, thread)).assistant).toBeNull();
    // Without a thread there is nothing to start.
    expect((await ask(c, thread, { thread_id: undefined, assistant_id: mine.id, is_comparison: true })).statusCode).toBe(400);
  });

  it('lets a guest start a chat with a featured assistant, keeping only the tool servers a guest may use', async () => {
    const owner = t.client();
    const ownerId = await signInNewAccount(t, owner);
    const tables = await hasMcpServers(t);
    const everyone = tables ? await addMcpServerRow(t, null, 'shared-tools') : null;
    const ownerOnly = tables ? await addMcpServerRow(t, ownerId, 'owner-tools') : null;
    const servers = [everyone, ownerOnly].filter((id): id is number => id !== null);
    const made = await createAssistant(owner, { name: 'Guide', mcp_server_ids: servers });
    const guest = t.client();
    await becomeGuest(guest);
    const before = await newThread(guest);
    expect((await ask(guest, before, { assistant_id: made.id })).statusCode).toBe(404);

    const ops = t.client();
    await signInOperator(t, ops);
    await ops.post('/api/admin/feature_assistant.php', { id: made.id, featured: true });
    const thread = await newThread(guest);
    const res = await ask(guest, thread, { assistant_id: made.id });
    expect(res.statusCode, res.body).toBe(200);
    const settings = await settingsOf(guest, thread);
    expect(settings).toMatchObject({ system_prompt: PIRATE.instructions, temperature: 0.5 });
    if (tables) expect(settings.mcp_server_ids).toEqual([everyone]);
    expect((await guest.post('/api/messages/get_messages.php', { thread_id: thread })).data.thread.assistant).toMatchObject({
      id: made.id,
      name: 'Guide',
    });
    // The owner's own thread with it keeps both servers.
    const ownThread = await newThread(owner);
    expect((await ask(owner, ownThread, { assistant_id: made.id })).statusCode).toBe(200);
    if (tables) expect((await settingsOf(owner, ownThread)).mcp_server_ids).toEqual(servers);
  });

  it("includes the account's assistants in its data export", async () => {
    const c = t.client();
    const userId = await signInNewAccount(t, c);
    await createAssistant(c, { icon: await pictureDataUrl() });
    const res = await c.get(EXPORT_PATHS.myData);
    expect(res.statusCode).toBe(200);
    const doc = accountExportSchema.parse(JSON.parse(String(unzip(res.rawPayload).get('account.json'))));
    expect(doc.account.id).toBe(userId);
    expect(doc.assistants).toEqual([
      expect.objectContaining({
        name: 'Pirate translator',
        instructions: PIRATE.instructions,
        starters: PIRATE.starters,
        icon: expect.stringMatching(/^data:image\/webp;base64,/),
        shared: false,
        featured: false,
      }),
    ]);
  });
});

describe(`an assistant's first reply already follows its settings on ${TEST_DB}`, () => {
  let t: TestApp;
  let fakes: Awaited<ReturnType<typeof startAllProviderFakes>>;
  beforeAll(async () => {
    fakes = await startAllProviderFakes(['openai']);
    t = await createTestApp(fakeProviderEnv(fakes.fakes));
  });
  afterAll(async () => {
    await t?.close();
    await fakes?.closeAll();
  });

  it('sends the instructions, temperature and maximum tokens with the very first request', async () => {
    const c = t.client();
    await signInNewAccount(t, c);
    const made = await createAssistant(c, { model_id: 'gpt-4o' });
    const thread = await newThread(c);
    const res = await ask(c, thread, { model: 'gpt-4o', assistant_id: made.id });
    expect(res.statusCode, res.body).toBe(200);
    const body = (fakes.fakes.openai as ProviderFake).fake.lastRequest('/chat/completions')?.body as Record<string, any>;
    expect(body.messages[0]).toEqual({ role: 'system', content: PIRATE.instructions });
    expect(body.temperature).toBe(0.5);
    expect(body.max_tokens).toBe(300);
  });
});
