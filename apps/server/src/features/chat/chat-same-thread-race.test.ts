import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewAccount } from '../../test/account-factory.js';
import { TEST_DB, type TestApp, createTestApp } from '../../test/app-factory.js';

describe(`parallel prompts in one thread on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('keeps every prompt and reply of 8 parallel sends on the one shown branch, each charged once', async () => {
    const c = t.client();
    await signInNewAccount(t, c, { credits: 100 });
    const threadId = (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id as number;
    const sends = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        c.post('/api/messages/chat.php', {
          thread_id: threadId,
          model: 'gpt-4o-mini',
          stream: true,
          messages: [{ content: `Parallel question ${i}`, role: 'user' }],
        }),
      ),
    );
    expect(sends.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    // A send that read a stale end of the branch would fork it, and the thread would show fewer messages.
    const shown = await c.get(`/api/messages/get_messages.php?thread_id=${threadId}`);
    expect(shown.statusCode).toBe(200);
    const messages = shown.data.messages as Array<{ role: string; content: string }>;
    expect(messages).toHaveLength(16);
    expect(messages.map((m) => m.role)).toEqual(Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? 'user' : 'assistant')));
    expect(new Set(messages.filter((m) => m.role === 'user').map((m) => m.content)).size).toBe(8);
    const thread = await t.ctx.db.kysely.selectFrom('threads').select('message_count').where('id', '=', threadId).executeTakeFirstOrThrow();
    expect(thread.message_count).toBe(16);
    const balance = await c.post('/api/credits/check_credits.php', {});
    expect(balance.data.credits_info.remaining).toBe(100 - 8);
  });
});
