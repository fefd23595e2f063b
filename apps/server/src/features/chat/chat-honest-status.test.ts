import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { type ScriptedOpenAI, startScriptedOpenAI } from '../../test/fakes/scripted-openai.js';
import { readSse } from '../../test/sse-client.js';
import { startScriptedApp } from '../../test/scripted-app.js';
import { until } from '../../test/until.js';

const FAST_LEASES = { ttlMs: 800, renewMs: 200, sweepMs: 300 };

describe(`honest reply statuses on ${TEST_DB}`, () => {
  let t: TestApp;
  let provider: ScriptedOpenAI;
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ provider, t, base, close } = await startScriptedApp());
  });
  afterAll(() => close());

  async function threadOf(c: TestClient): Promise<number> {
    return (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id;
  }
  const remaining = async (c: TestClient) => (await c.post('/api/credits/check_credits.php', {})).data.credits_info.remaining as number;
  const stored = async (c: TestClient, threadId: number) =>
    (await c.post('/api/messages/get_messages.php', { thread_id: threadId })).data.messages as Array<{
      role: string;
      content: string;
      status: string;
    }>;

  it('answers a non-streamed reply cut mid-way with 502, status error and the partial text, saved as error, charge kept', async () => {
    const c = t.client();
    const thread = await threadOf(c);
    provider.script = { chunks: ['Half of', ' an answer'], end: 'cut' };
    const res = await c.post('/api/messages/chat.php', { thread_id: thread, model: 'gpt-4o', messages: [{ content: 'Hi', role: 'user' }] });
    expect(res.statusCode).toBe(502);
    expect(res.data.status).toBe('error');
    expect(res.data.message).toEqual(expect.any(String));
    expect(res.data.data).toMatchObject({ content: 'Half of an answer', status: 'error', threadId: thread });
    const reply = (await stored(c, thread)).find((m) => m.role === 'assistant');
    expect(reply).toMatchObject({ content: 'Half of an answer', status: 'error' });
    expect(await remaining(c)).toBe(24);
  });

  it('ends a streamed reply cut mid-way with an error event and saves it as error, charge kept', async () => {
    const c = t.client();
    const thread = await threadOf(c);
    provider.script = { chunks: ['Streamed', ' half'], end: 'cut' };
    const post = await c.post('/api/messages/chat.php', {
      thread_id: thread,
      model: 'gpt-4o',
      stream: true,
      messages: [{ content: 'Hi', role: 'user' }],
    });
    expect(post.statusCode).toBe(200);
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const read = await readSse(`${base}/api/messages/chat.php?stream=true&stream_id=${post.data.data.stream_id}`, { cookie });
    const datas = read.events.map((e) => e.data);
    // The text before the cut (deltas read together may come as one event), then the error, then [DONE].
    expect(
      datas
        .filter((d) => d.startsWith('{"content"'))
        .map((d) => JSON.parse(d).content)
        .join(''),
    ).toBe('Streamed half');
    expect(datas.at(-2)).toMatch(/^\{"error":/);
    expect(datas.at(-1)).toBe('[DONE]');
    await until(async () => (await stored(c, thread)).some((m) => m.status === 'error'));
    expect((await stored(c, thread)).find((m) => m.role === 'assistant')).toMatchObject({ content: 'Streamed half', status: 'error' });
    expect(await remaining(c)).toBe(24);
  });

  it('treats a reply that stopped at its maximum output tokens as complete', async () => {
    const c = t.client();
    const thread = await threadOf(c);
    provider.script = { chunks: ['A long answer that ran', ' out of tokens'], end: 'length' };
    const res = await c.post('/api/messages/chat.php', { thread_id: thread, model: 'gpt-4o', messages: [{ content: 'Hi', role: 'user' }] });
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toMatchObject({ status: 'success', content: 'A long answer that ran out of tokens' });
    expect((await stored(c, thread)).find((m) => m.role === 'assistant')?.status).toBe('complete');
  });

  it('strips NUL bytes from provider output before saving, so the database never refuses a reply', async () => {
    const c = t.client();
    const thread = await threadOf(c);
    provider.script = { chunks: ['Nul\u0000 in', ' the\u0000 middle', '\u0000'], end: 'stop' };
    const res = await c.post('/api/messages/chat.php', { thread_id: thread, model: 'gpt-4o', messages: [{ content: 'Hi', role: 'user' }] });
    expect(res.statusCode).toBe(200);
    expect(res.data.data.content).toBe('Nul in the middle');
    expect((await stored(c, thread)).find((m) => m.role === 'assistant')).toMatchObject({
      content: 'Nul in the middle',
      status: 'complete',
    });
    expect(await remaining(c)).toBe(24);
  });

  it('after a crash, marks a reply with text interrupted (charge kept) and refunds a comparison still waiting, exactly once', async () => {
    // The instance that generates the replies dies (closed: its leases are no longer renewed).
    const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: provider.url };
    const victim = await createTestApp(env, { sharedWith: t, leaseTiming: FAST_LEASES });
    const onVictim = victim.client({ ip: '10.77.0.1' });
    const thread = await threadOf(onVictim);
    // The provider pauses after its second delta: that one must still be saved within a second.
    provider.script = { chunks: ['Started but', ' then paused'], end: 'stall' };
    const post = await onVictim.post('/api/messages/chat.php', {
      thread_id: thread,
      model: 'gpt-4o',
      stream: true,
      messages: [{ content: 'Hi', role: 'user' }],
    });
    await until(async () => (await stored(onVictim, thread)).some((m) => m.content === 'Started but then paused'), 3000);
    provider.script = { chunks: [], end: 'stall' };
    const comparison = await onVictim.post('/api/messages/chat.php', {
      model: 'gpt-4o',
      stream: true,
      is_comparison: true,
      messages: [{ content: 'Compare', role: 'user' }],
    });
    expect([post.statusCode, comparison.statusCode]).toEqual([200, 200]);
    expect(await remaining(onVictim)).toBe(23);
    await victim.close();
    const c = t.client({ ip: onVictim.ip });
    for (const [k, v] of onVictim.cookies) c.cookies.set(k, v);

    // A new process on the same database settles what the dead one left once its leases expire.
    const restarted = await createTestApp(env, { sharedWith: t, leaseTiming: FAST_LEASES });
    try {
      await until(async () => (await stored(c, thread)).some((m) => m.status === 'interrupted'), 5000);
      const reply = (await stored(c, thread)).find((m) => m.role === 'assistant');
      expect(reply).toMatchObject({ content: 'Started but then paused', status: 'interrupted' });
      await until(async () => (await remaining(c)) === 24, 5000);
      expect(await t.ctx.db.kysely.selectFrom('open_charges').selectAll().execute()).toEqual([]);
    } finally {
      await restarted.close();
    }
    // The stalled calls now fail in the old process too; their charges were settled already.
    await provider.close();
    provider = await startScriptedOpenAI();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await remaining(c)).toBe(24);
    const guest = await t.ctx.db.kysely.selectFrom('guests').select('id').where('client_address', '=', c.ip).executeTakeFirstOrThrow();
    const refunds = await t.ctx.db.kysely
      .selectFrom('credit_ledger')
      .select('reference')
      .where('guest_id', '=', guest.id)
      .where('reason', '=', 'refund')
      .execute();
    expect(refunds).toHaveLength(1);
  });
});
