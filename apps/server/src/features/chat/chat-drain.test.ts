import { connect } from 'node:net';
import { MESSAGES } from '@ensemble/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { type ScriptedOpenAI, startScriptedOpenAI } from '../../test/fakes/scripted-openai.js';
import { readSse } from '../../test/sse-client.js';

const cookieOf = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describe(`graceful drain on ${TEST_DB}`, () => {
  let t: TestApp | undefined;
  let provider: ScriptedOpenAI | undefined;
  afterEach(async () => {
    await t?.close();
    await provider?.close();
    t = undefined;
    provider = undefined;
  });

  async function start(c: TestClient) {
    const thread = (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id as number;
    const post = await c.post('/api/messages/chat.php', {
      thread_id: thread,
      model: 'gpt-4o',
      stream: true,
      messages: [{ content: 'Describe the water cycle', role: 'user' }],
    });
    expect(post.statusCode).toBe(200);
    return { thread, streamId: post.data.data.stream_id as string };
  }
  const reply = async (c: TestClient, thread: number) =>
    (
      (await c.post('/api/messages/get_messages.php', { thread_id: thread })).data.messages as Array<{
        role: string;
        status: string;
        content: string;
      }>
    ).find((m) => m.role === 'assistant');

  it('refuses new chats with 503 and Retry-After, reports draining, and lets a running reply finish', async () => {
    t = await createTestApp({ DEMO_TOKENS_PER_SECOND: '60' });
    const c = t.client();
    const { thread } = await start(c);
    const draining = t.drain(20_000);
    const refused = await c.post('/api/messages/chat.php', { model: 'gpt-4o', messages: [{ content: 'Another', role: 'user' }] });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.data).toMatchObject({ status: 'error', message: MESSAGES.serverDraining });
    const health = await c.get('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.data.status).toBe('draining');
    expect(health.headers['retry-after']).toBe('5');
    expect(await draining).toEqual({ finished: 1, cut: 0 });
    expect(await reply(c, thread)).toMatchObject({ status: 'complete' });
    // The refused request cost nothing: only the finished reply was charged.
    expect((await c.post('/api/credits/check_credits.php', {})).data.credits_info.remaining).toBe(24);
  });

  it('hands a reply still running at the deadline over as interrupted: readers get the error and [DONE], the charge is settled once', async () => {
    provider = await startScriptedOpenAI();
    t = await createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: provider.url });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    provider.script = { chunks: ['Water evaporates from the sea'], end: 'stall' };
    const c = t.client();
    const { thread, streamId } = await start(c);
    let draining: Promise<{ finished: number; cut: number }> | undefined;
    const read = await readSse(`${base}/api/messages/chat.php?stream=true&stream_id=${streamId}`, {
      cookie: cookieOf(c),
      onEvent: (e) => {
        if (e.data.includes('evaporates')) draining = t?.drain(300);
      },
    });
    expect(await draining).toEqual({ finished: 0, cut: 1 });
    expect(read.ended).toBe('done');
    expect(read.events.at(-2)?.data).toBe(JSON.stringify({ error: MESSAGES.generatorStopped, message_code: 'generatorStopped' }));
    expect(await reply(c, thread)).toMatchObject({ status: 'interrupted', content: 'Water evaporates from the sea' });
    expect(await t.ctx.db.kysely.selectFrom('open_charges').selectAll().execute()).toEqual([]);
    expect((await c.post('/api/credits/check_credits.php', {})).data.credits_info.remaining).toBe(24);
  });

  it('stops without waiting on a keep-alive connection whose request was still being answered', async () => {
    t = await createTestApp();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // A keep-alive request whose body has not all arrived when the shutdown begins.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
    socket.write(
      `POST /api/auth/login.php HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${t.ctx.config.origin}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 200));
    const stopped = t.stop(1_000).then(() => 'stopped');
    await new Promise((r) => setTimeout(r, 200));
    socket.write(body.slice(10));
    // Without closing the connection once it falls idle, the stop waits for the 65 s keep-alive.
    const outcome = await Promise.race([stopped, new Promise((r) => setTimeout(() => r('still waiting'), 8_000))]);
    expect(outcome).toBe('stopped');
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
    expect(answer).toMatch(/Invalid email or password|password/i);
  }, 30_000);
});
