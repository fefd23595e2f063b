import { MESSAGES } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewAccount } from '../../test/account-factory.js';
import { TEST_DB, type TestApp, type TestClient } from '../../test/app-factory.js';
import type { ScriptedOpenAI } from '../../test/fakes/scripted-openai.js';
import { contentOf, cookieOf, readSse } from '../../test/sse-client.js';
import { startScriptedApp } from '../../test/scripted-app.js';

/**
 * The race of issue 36 made certain: the provider holds its answer until the test has deleted the
 * thread, so the delete always lands after the charge and before the reply's first text.
 */
describe(`a reply whose thread is deleted before its first text on ${TEST_DB}`, () => {
  let provider: ScriptedOpenAI;
  let t: TestApp;
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ provider, t, base, close } = await startScriptedApp());
  });
  afterAll(() => close());

  /** Scripts the provider to answer only once `release` is called; `arrived` settles when the call is in. */
  function holdProvider() {
    let release = () => {};
    let arrived = () => {};
    const calledIn = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    provider.script = {
      chunks: ['The water cycle', ' moves water around.'],
      end: 'stop',
      before: async () => {
        arrived();
        await released;
      },
    };
    return { calledIn, release };
  }

  const ledgerOf = (userId: number) =>
    t.ctx.db.kysely.selectFrom('credit_ledger').select(['delta', 'reason']).where('user_id', '=', userId).orderBy('id').execute();
  const creditsOf = async (c: TestClient) => (await c.post('/api/credits/check_credits.php', {})).data.credits_info.remaining as number;
  const openCharges = () => t.ctx.db.kysely.selectFrom('open_charges').select('reference').execute();
  const newThread = async (c: TestClient) => (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id as number;

  async function until(check: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 500 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  it('streamed: the charge is refunded, and a reader gets no text but the reason and [DONE]', async () => {
    const c = t.client();
    const userId = await signInNewAccount(t, c, { credits: 100 });
    const threadId = await newThread(c);
    const { calledIn, release } = holdProvider();
    const chat = await c.post('/api/messages/chat.php', {
      thread_id: threadId,
      model: 'gpt-4o',
      stream: true,
      messages: [{ content: 'Describe the water cycle', role: 'user' }],
    });
    expect(chat.statusCode, chat.body).toBe(200);
    await calledIn;
    expect(await creditsOf(c)).toBeLessThan(100);
    expect((await c.delete(`/api/threads/delete_thread.php?thread_id=${threadId}`)).statusCode).toBe(200);
    release();

    await until(async () => (await openCharges()).length === 0);
    expect(await creditsOf(c)).toBe(100);
    const read = await readSse(`${base}/api/messages/chat.php?stream=true&stream_id=${chat.data.data.stream_id}`, { cookie: cookieOf(c) });
    expect(read.ended).toBe('done');
    expect(contentOf(read.events).join('')).toBe('');
    expect(read.events.map((e) => e.data)).toContain(
      JSON.stringify({ error: MESSAGES.replyThreadDeleted, message_code: 'replyThreadDeleted' }),
    );
    const ledger = await ledgerOf(userId);
    expect(ledger.filter((r) => r.delta < 0)).toHaveLength(1);
    expect(ledger.filter((r) => r.reason === 'refund').reduce((sum, r) => sum + r.delta, 0)).toBe(-ledger[0]!.delta);
    expect(await openCharges()).toEqual([]);
  });

  it('whole (not streamed): answered like a chat to a deleted thread, and charged nothing', async () => {
    const c = t.client();
    await signInNewAccount(t, c, { credits: 100 });
    const threadId = await newThread(c);
    const { calledIn, release } = holdProvider();
    const chat = c.post('/api/messages/chat.php', {
      thread_id: threadId,
      model: 'gpt-4o',
      messages: [{ content: 'Describe the water cycle', role: 'user' }],
    });
    await calledIn;
    expect((await c.delete(`/api/threads/delete_thread.php?thread_id=${threadId}`)).statusCode).toBe(200);
    release();
    const res = await chat;
    expect(res.statusCode).toBe(403);
    expect(res.data).toMatchObject({ status: 'error', message: 'You do not have access to this thread' });
    expect(await creditsOf(c)).toBe(100);
    expect(await openCharges()).toEqual([]);
  });
});
