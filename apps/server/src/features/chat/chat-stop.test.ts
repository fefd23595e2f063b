import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { type ScriptedOpenAI, startScriptedOpenAI } from '../../test/fakes/scripted-openai.js';
import { type SseEvent, readSse } from '../../test/sse-client.js';
import { startScriptedApp } from '../../test/scripted-app.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const cookieOf = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const contentOf = (events: SseEvent[]) =>
  events
    .filter((e) => e.data.startsWith('{"content"'))
    .map((e) => JSON.parse(e.data).content)
    .join('');

describe(`Stop on ${TEST_DB}`, () => {
  let provider: ScriptedOpenAI;
  let t: TestApp;
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ provider, t, base, close } = await startScriptedApp());
  });
  afterAll(() => close());

  async function start(c: TestClient) {
    const thread = (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id as number;
    const post = await c.post('/api/messages/chat.php', {
      thread_id: thread,
      model: 'gpt-4o',
      stream: true,
      messages: [{ content: 'Tell me a long story', role: 'user' }],
    });
    expect(post.statusCode).toBe(200);
    return { thread, streamId: post.data.data.stream_id as string };
  }
  const stored = async (c: TestClient, thread: number) =>
    (await c.post('/api/messages/get_messages.php', { thread_id: thread })).data.messages as Array<{
      role: string;
      content: string;
      status: string;
    }>;
  const remaining = async (c: TestClient) => (await c.post('/api/credits/check_credits.php', {})).data.credits_info.remaining;

  it('stops a reply mid-way: readers get [DONE] without an error, the text so far is saved as stopped, the charge stays', async () => {
    const c = t.client();
    // The provider sends two deltas and then keeps the call open, as a long answer would.
    provider.script = { chunks: ['Once upon a time', ', in a quiet valley'], end: 'stall' };
    const { thread, streamId } = await start(c);
    let stop: Promise<{ statusCode: number; data: any }> | undefined;
    const read = await readSse(`${base}/api/messages/chat.php?stream=true&stream_id=${streamId}`, {
      cookie: cookieOf(c),
      onEvent: (e) => {
        if (contentOf([e]).includes('quiet valley')) stop = c.post('/api/messages/stop.php', { stream_id: streamId });
      },
    });
    expect(await stop).toMatchObject({ statusCode: 200, data: { status: 'success', stopped: true } });
    expect(read.ended).toBe('done');
    expect(read.events.some((e) => e.data.includes('"error"'))).toBe(false);
    expect(contentOf(read.events)).toBe('Once upon a time, in a quiet valley');
    const reply = (await stored(c, thread)).find((m) => m.role === 'assistant');
    expect(reply).toMatchObject({ content: 'Once upon a time, in a quiet valley', status: 'stopped' });
    expect(await remaining(c)).toBe(24);
    // Stopping a reply that has ended stops nothing.
    expect((await c.post('/api/messages/stop.php', { stream_id: streamId })).data).toEqual({ status: 'success', stopped: false });
  });

  it('a stopped reply keeps its figures: the stream sends them, the saved reply records its credits, the thread total counts it', async () => {
    const c = t.client();
    provider.script = { chunks: ['A whole answer'], end: 'stop' };
    const first = await start(c);
    const thread = first.thread;
    expect((await readSse(`${base}/api/messages/chat.php?stream=true&stream_id=${first.streamId}`, { cookie: cookieOf(c) })).ended).toBe(
      'done',
    );
    provider.script = { chunks: ['Half of it'], end: 'stall' };
    const post = await c.post('/api/messages/chat.php', {
      thread_id: thread,
      model: 'gpt-4o',
      stream: true,
      messages: [{ content: 'And another', role: 'user' }],
    });
    const streamId = post.data.data.stream_id as string;
    let stop: Promise<unknown> | undefined;
    const read = await readSse(`${base}/api/messages/chat.php?stream=true&stream_id=${streamId}`, {
      cookie: cookieOf(c),
      onEvent: (e) => {
        if (contentOf([e]).includes('Half')) stop = c.post('/api/messages/stop.php', { stream_id: streamId });
      },
    });
    await stop;
    expect(read.ended).toBe('done');
    const figures = read.events
      .filter((e) => e.data.startsWith('{'))
      .map((e) => JSON.parse(e.data))
      .find((d) => d.type === 'figures');
    expect(figures?.figures).toMatchObject({ credits: 1 });
    const res = await c.post('/api/messages/get_messages.php', { thread_id: thread });
    const replies = (res.data.messages as Array<{ role: string; status: string; metadata: { credits?: number } | null }>).filter(
      (m) => m.role === 'assistant',
    );
    expect(replies.map((m) => [m.status, m.metadata?.credits])).toEqual([
      ['complete', 1],
      ['stopped', 1],
    ]);
    // What the thread says it spent is what left the balance.
    expect(res.data.thread.total_credits).toBe(2);
    expect(await remaining(c)).toBe(23);
  });

  it('removes and refunds a reply stopped before its first token', async () => {
    const c = t.client();
    provider.script = { chunks: [], end: 'stall' };
    const { thread, streamId } = await start(c);
    expect(await remaining(c)).toBe(24);
    const reading = readSse(`${base}/api/messages/chat.php?stream=true&stream_id=${streamId}`, { cookie: cookieOf(c) });
    expect((await c.post('/api/messages/stop.php', { stream_id: streamId })).data.stopped).toBe(true);
    const read = await reading;
    expect(read.ended).toBe('done');
    expect(contentOf(read.events)).toBe('');
    expect((await stored(c, thread)).filter((m) => m.role === 'assistant')).toEqual([]);
    expect(await remaining(c)).toBe(25);
  });

  it('lets only the owner stop a reply: 404 for others as for an unknown stream, 400 for a malformed id', async () => {
    const owner = t.client();
    provider.script = { chunks: ['Still going'], end: 'stall' };
    const { streamId } = await start(owner);
    const stranger = t.client();
    const refused = await stranger.post('/api/messages/stop.php', { stream_id: streamId });
    expect(refused.statusCode).toBe(404);
    expect(refused.data.status).toBe('error');
    expect((await stranger.post('/api/messages/stop.php', { stream_id: 'a'.repeat(32) })).statusCode).toBe(404);
    expect((await stranger.post('/api/messages/stop.php', { stream_id: 'nope' })).statusCode).toBe(400);
    expect((await stranger.post('/api/messages/stop.php', {})).statusCode).toBe(400);
    // The reply was not touched by those attempts; its owner can still stop it.
    expect((await owner.post('/api/messages/stop.php', { stream_id: streamId })).data.stopped).toBe(true);
  });
});

describe.each([
  { how: 'Redis', env: { REDIS_URL } as Record<string, string> },
  { how: 'the lease row', env: {} as Record<string, string> },
])(`Stop across two instances on ${TEST_DB} through $how`, ({ env }) => {
  let provider: ScriptedOpenAI;
  const open: TestApp[] = [];
  beforeAll(async () => {
    provider = await startScriptedOpenAI();
  });
  afterEach(async () => {
    for (const app of open.splice(0).reverse()) await app.close();
  });
  afterAll(async () => {
    await provider.close();
  });

  it('stops on instance A a reply asked for by a Stop sent to instance B', async () => {
    const providerEnv = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: provider.url, ...env };
    const fast = { ttlMs: 3_000, renewMs: 200, sweepMs: 1_000 };
    const a = await createTestApp(providerEnv, { leaseTiming: fast });
    open.push(a);
    const b = await createTestApp(providerEnv, { sharedWith: a, leaseTiming: fast });
    open.push(b);
    const onA = a.client({ ip: '10.66.0.1' });
    const thread = (await onA.post('/api/threads/create_thread.php', { force: true })).data.thread_id as number;
    provider.script = { chunks: ['The first half'], end: 'stall' };
    const post = await onA.post('/api/messages/chat.php', {
      thread_id: thread,
      model: 'gpt-4o',
      stream: true,
      messages: [{ content: 'Go on', role: 'user' }],
    });
    const messages = async () => (await onA.post('/api/messages/get_messages.php', { thread_id: thread })).data.messages;
    const end = Date.now() + 5_000;
    while (!(await messages()).some((m: { content: string }) => m.content === 'The first half') && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const onB = b.client({ ip: onA.ip });
    for (const [k, v] of onA.cookies) onB.cookies.set(k, v);
    const stop = await onB.post('/api/messages/stop.php', { stream_id: post.data.data.stream_id });
    expect(stop.data).toEqual({ status: 'success', stopped: true });
    while (Date.now() < end + 5_000) {
      const reply = (await messages()).find((m: { role: string }) => m.role === 'assistant');
      if (reply.status !== 'streaming') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const reply = (await messages()).find((m: { role: string }) => m.role === 'assistant');
    expect(reply).toMatchObject({ content: 'The first half', status: 'stopped' });
    // The charge is settled (kept) just after the stopped text is saved.
    const openCharges = () => a.ctx.db.kysely.selectFrom('open_charges').selectAll().execute();
    while ((await openCharges()).length > 0 && Date.now() < end + 10_000) await new Promise((r) => setTimeout(r, 50));
    expect(await openCharges()).toEqual([]);
    expect((await onA.post('/api/credits/check_credits.php', {})).data.credits_info.remaining).toBe(24);
  });
});
