import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { signInNewAccount } from '../../test/account-factory.js';
import { DEFAULT_CHUNKS, type ProviderFake, startProviderFake } from '../../test/fakes/provider-fakes.js';

type Msg = { id: number; role: string; content: string; parent_id: number | null; sibling_ids: number[]; model: string; metadata: any };

async function newThread(c: TestClient, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await c.post('/api/threads/create_thread.php', { force: true, ...extra });
  expect(res.statusCode).toBe(200);
  return res.data.thread_id;
}

async function ask(c: TestClient, threadId: number, content: string, extra: Record<string, unknown> = {}) {
  const res = await c.post('/api/messages/chat.php', {
    thread_id: threadId,
    model: 'gpt-4o',
    stream: false,
    messages: [{ role: 'user', content }],
    ...extra,
  });
  return res;
}

async function shown(c: TestClient, threadId: number): Promise<{ messages: Msg[]; thread: any }> {
  const res = await c.get(`/api/messages/get_messages.php?thread_id=${threadId}`);
  expect(res.statusCode).toBe(200);
  return res.data;
}

describe('branches: regenerate, edit & submit, switch, delete (real OpenAI adapter on a strict fake)', () => {
  let t: TestApp;
  let openai: ProviderFake;
  let c: TestClient;
  beforeAll(async () => {
    openai = await startProviderFake('openai');
    t = await createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl });
    c = t.client();
    await signInNewAccount(t, c, { credits: 100 });
  });
  afterAll(async () => {
    await t.close();
    await openai.fake.close();
  });

  const sentTurns = () => {
    const body = openai.fake.lastRequest('/chat/completions')?.body as { messages?: { role: string; content: unknown }[] } | undefined;
    return (body?.messages ?? []).map((m) => `${m.role}:${typeof m.content === 'string' ? m.content : JSON.stringify(m.content)}`);
  };

  it('regenerates a reply as a sibling version, switches between versions and sends only the shown branch', async () => {
    const thread = await newThread(c);
    const first = await ask(c, thread, 'First question');
    expect(first.statusCode).toBe(200);
    const second = await ask(c, thread, 'Second question');
    const oldReply = second.data.data.message_id as number;

    openai.fake.chunks = ['Another ', 'answer'];
    const again = await c.post('/api/messages/chat.php', {
      thread_id: thread,
      model: 'gpt-4o-mini',
      stream: false,
      regenerate_id: oldReply,
    });
    expect(again.statusCode).toBe(200);
    expect(again.data.data.content).toBe('Another answer');
    expect(again.data.data.user_message_id).toBeNull();
    // The provider saw the branch up to the prompt being answered, not the old reply.
    expect(sentTurns()).toEqual(['user:First question', `assistant:${DEFAULT_CHUNKS.join('')}`, 'user:Second question']);

    let view = await shown(c, thread);
    expect(view.messages.map((m) => m.content)).toEqual(['First question', DEFAULT_CHUNKS.join(''), 'Second question', 'Another answer']);
    const last = view.messages.at(-1) as Msg;
    expect(last.sibling_ids).toEqual([oldReply, again.data.data.message_id]);
    expect(last.model).toBe('gpt-4o-mini');
    expect(view.thread.message_count).toBe(4);
    expect(view.thread.total_credits).toBe(3);
    expect(view.thread.current_leaf_id).toBe(again.data.data.message_id);

    // Back to version 1: another device reading the thread sees it too.
    const back = await c.post('/api/messages/switch_branch.php', { message_id: oldReply });
    expect(back.statusCode).toBe(200);
    expect(back.data.messages.at(-1).id).toBe(oldReply);
    view = await shown(c, thread);
    expect(view.thread.current_leaf_id).toBe(oldReply);
    expect(view.messages.at(-1)?.content).toBe(DEFAULT_CHUNKS.join(''));

    // A client of the spec sends no parent_id: its message follows the shown branch (version 1).
    openai.fake.chunks = DEFAULT_CHUNKS;
    const follow = await ask(c, thread, 'Third question');
    expect(follow.statusCode).toBe(200);
    expect(sentTurns()).toEqual([
      'user:First question',
      `assistant:${DEFAULT_CHUNKS.join('')}`,
      'user:Second question',
      `assistant:${DEFAULT_CHUNKS.join('')}`,
      'user:Third question',
    ]);
    view = await shown(c, thread);
    expect(view.messages).toHaveLength(6);
    expect(view.messages[4]?.parent_id).toBe(oldReply);
  });

  it('edit & submit makes a sibling prompt with a new reply; the old branch stays reachable', async () => {
    const thread = await newThread(c);
    await ask(c, thread, 'Hello there');
    const q = await ask(c, thread, 'Tell me about cats');
    const oldPrompt = q.data.data.user_message_id as number;
    const before = await shown(c, thread);
    const parent = before.messages.find((m) => m.id === oldPrompt)?.parent_id as number;

    const edited = await ask(c, thread, 'Tell me about dogs', { parent_id: parent });
    expect(edited.statusCode).toBe(200);
    expect(sentTurns()).toEqual(['user:Hello there', `assistant:${DEFAULT_CHUNKS.join('')}`, 'user:Tell me about dogs']);
    const view = await shown(c, thread);
    const prompt = view.messages[2] as Msg;
    expect(prompt.content).toBe('Tell me about dogs');
    expect(prompt.sibling_ids).toEqual([oldPrompt, edited.data.data.user_message_id]);
    expect(view.messages).toHaveLength(4);

    const old = await c.post('/api/messages/switch_branch.php', { message_id: oldPrompt });
    expect(old.data.messages.map((m: Msg) => m.content).slice(2)).toEqual(['Tell me about cats', DEFAULT_CHUNKS.join('')]);

    // Editing the very first message: parent_id 0 puts the new prompt at the start of the thread.
    const root = await ask(c, thread, 'Start over', { parent_id: 0 });
    expect(root.statusCode).toBe(200);
    const rootView = await shown(c, thread);
    expect(rootView.messages.map((m) => m.content)).toEqual(['Start over', DEFAULT_CHUNKS.join('')]);
    expect(rootView.messages[0]?.sibling_ids).toHaveLength(2);
    expect(sentTurns()).toEqual(['user:Start over']);
  });

  it('deleting a message removes everything below it on its branch and shows the sibling left', async () => {
    const thread = await newThread(c);
    await ask(c, thread, 'One');
    const two = await ask(c, thread, 'Two');
    const reply = two.data.data.message_id as number;
    const again = await c.post('/api/messages/chat.php', { thread_id: thread, model: 'gpt-4o', stream: false, regenerate_id: reply });
    await ask(c, thread, 'Three');
    const before = await shown(c, thread);
    expect(before.messages).toHaveLength(6);

    // Deleting the second version takes "Three" and its reply with it; version 1 is shown again.
    const del = await c.post('/api/messages/delete_message.php', { message_id: again.data.data.message_id });
    expect(del.statusCode).toBe(200);
    const after = await shown(c, thread);
    expect(after.messages.map((m) => m.id).at(-1)).toBe(reply);
    expect(after.messages).toHaveLength(4);
    expect(after.messages.at(-1)?.sibling_ids).toEqual([reply]);
    const list = await c.get('/api/threads/get_all_threads.php');
    expect(list.data.threads.find((x: { id: number }) => x.id === thread).message_count).toBe(4);
  });

  it('refuses bad branch requests with a clear 400 and changes nothing', async () => {
    const a = await newThread(c);
    const b = await newThread(c);
    const inA = await ask(c, a, 'In A');
    const balance = inA.data.credits_remaining;
    const cross = await ask(c, b, 'Hi', { parent_id: inA.data.data.message_id });
    expect(cross.statusCode).toBe(400);
    expect(cross.data.message).toContain('parent_id');
    const prompt = await c.post('/api/messages/chat.php', { thread_id: a, model: 'gpt-4o', regenerate_id: inA.data.data.user_message_id });
    expect(prompt.statusCode).toBe(400);
    const noThread = await c.post('/api/messages/chat.php', { model: 'gpt-4o', regenerate_id: inA.data.data.message_id });
    expect(noThread.statusCode).toBe(400);
    const wrongThread = await c.post('/api/messages/chat.php', { thread_id: b, model: 'gpt-4o', regenerate_id: inA.data.data.message_id });
    expect(wrongThread.statusCode).toBe(400);
    expect((await c.get('/api/credits/check_credits.php')).data.credits_info?.remaining ?? balance).toBe(balance);
    expect((await shown(c, b)).messages).toHaveLength(0);

    const stranger = t.client();
    await stranger.get('/api/auth/check_session.php');
    const other = await stranger.post('/api/messages/switch_branch.php', { message_id: inA.data.data.message_id });
    expect([403, 404]).toContain(other.statusCode);
    const otherRegen = await stranger.post('/api/messages/chat.php', {
      thread_id: a,
      model: 'gpt-4o',
      regenerate_id: inA.data.data.message_id,
    });
    expect([403, 404]).toContain(otherRegen.statusCode);
  });

  it("saves each reply's model, credits, timing and provider token usage, so a reload shows them", async () => {
    const thread = await newThread(c);
    const res = await ask(c, thread, 'Measure me');
    const figures = res.data.data.metadata;
    expect(figures).toMatchObject({ credits: 1, tokens_in: 5, tokens_out: 7 });
    expect(figures.tokens_estimated).toBeUndefined();
    expect(figures.ttft_ms).toBeGreaterThanOrEqual(0);
    expect(figures.total_ms).toBeGreaterThanOrEqual(figures.ttft_ms);
    const reply = (await shown(c, thread)).messages.at(-1) as Msg;
    expect(reply.model).toBe('gpt-4o');
    expect(reply.metadata).toMatchObject({ credits: 1, tokens_in: 5, tokens_out: 7, ttft_ms: figures.ttft_ms, total_ms: figures.total_ms });
  });
});

describe('figures in demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('estimates tokens for the demo and marks them so, in the stream and in the saved reply', async () => {
    const c = t.client();
    const thread = await newThread(c);
    const post = await ask(c, thread, 'Estimate me', { stream: true });
    const stream = await c.get(`/api/messages/chat.php?stream=true&stream_id=${post.data.data.stream_id}`);
    const events = stream.body.split('\n\n').filter((e) => e.includes('"figures"'));
    expect(events).toHaveLength(1);
    const live = JSON.parse((events[0] as string).split('data: ')[1] as string).figures;
    expect(live).toMatchObject({ credits: 1, tokens_estimated: true });
    expect(live.tokens_out).toBeGreaterThan(0);
    const saved = (await shown(c, thread)).messages.at(-1) as Msg;
    expect(saved.metadata).toMatchObject(live);
  });
});
