import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewAccount } from '../../test/account-factory.js';
import { TEST_DB, type TestApp, createTestApp } from '../../test/app-factory.js';
import { contentOf, cookieOf, readSse } from '../../test/sse-client.js';
import { until } from '../../test/until.js';

describe(`chat while its thread is deleted on ${TEST_DB}`, () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it('answers 60 concurrent chat and delete pairs with 200 or 403, never 5xx, and charges exactly the replies that delivered text', async () => {
    const c = t.client();
    const userId = await signInNewAccount(t, c, { credits: 100 });
    const threads: number[] = [];
    for (let i = 0; i < 60; i++) threads.push((await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id);
    expect(new Set(threads).size).toBe(60);

    // Staggered both ways, so deletes land before, during and after the chat's own writes.
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const pairs = await Promise.all(
      threads.map((id, i) => {
        const lag = (i % 6) * 3;
        const chat = () =>
          c.post('/api/messages/chat.php', {
            thread_id: id,
            model: 'gpt-4o-mini',
            stream: i % 2 === 0,
            messages: [{ content: `Question ${i}`, role: 'user' }],
          });
        const del = () => c.delete(`/api/threads/delete_thread.php?thread_id=${id}`);
        return i % 12 < 6 ? Promise.all([chat(), later(lag).then(del)]) : Promise.all([later(lag).then(chat), del()]);
      }),
    );
    const chats = pairs.map(([chat]) => chat);
    const deletes = pairs.map(([, del]) => del);
    expect(chats.filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(deletes.filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(chats.every((r) => r.statusCode === 200 || r.statusCode === 403)).toBe(true);
    for (const r of chats.filter((r) => r.statusCode === 403))
      expect(r.data).toMatchObject({ status: 'error', message: 'You do not have access to this thread' });
    const answered = chats.filter((r) => r.statusCode === 200);

    // Streamed replies finish on the server after the answer; every charge is then settled.
    await until(async () => (await t.ctx.db.kysely.selectFrom('open_charges').select('reference').execute()).length === 0);
    const user = await t.ctx.db.kysely
      .selectFrom('users')
      .select(['credits', 'credits_used'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    // What each answered request delivered: a whole reply's text, or what its stream gives a reader.
    let withText = 0;
    for (const r of answered) {
      const streamId = r.data.data.stream_id as string | undefined;
      const text = streamId
        ? contentOf(
            (await readSse(`${base}/api/messages/chat.php?stream=true&stream_id=${streamId}`, { cookie: cookieOf(c) })).events,
          ).join('')
        : (r.data.data.content as string);
      if (text) withText++;
    }
    const ledger = await t.ctx.db.kysely.selectFrom('credit_ledger').select(['delta', 'reason']).where('user_id', '=', userId).execute();
    const charged = ledger.filter((r) => r.delta < 0).reduce((sum, r) => sum - r.delta, 0);
    const refunded = ledger.filter((r) => r.reason === 'refund').reduce((sum, r) => sum + r.delta, 0);
    // Each reply that delivered text was paid once; every other request cost nothing in the end
    // (a stream whose thread went before its first text is refunded). Read now, a streamed reply that was whole before
    // its thread was deleted shows no text (it went with the thread) though it was delivered and paid: so the replies
    // paid for are at least those whose text is still readable, and never more than the chats answered 200.
    expect(user.credits).toBe(100 - charged + refunded);
    expect(charged - refunded).toBeGreaterThanOrEqual(withText);
    expect(charged - refunded).toBeLessThanOrEqual(answered.length);
    expect(user.credits_used).toBe(charged - refunded);
    // Nothing is left of the deleted threads.
    const left = await t.ctx.db.kysely.selectFrom('messages').select('id').where('thread_id', 'in', threads).execute();
    expect(left).toEqual([]);
  });

  it('answers images whose thread is deleted before or while drawing with 403 (refunded, as for any thread not the caller’s) or 200 (kept), never 5xx', async () => {
    const c = t.client();
    const userId = await signInNewAccount(t, c, { credits: 100 });
    const threads: number[] = [];
    for (let i = 0; i < 10; i++) threads.push((await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id);
    const results = await Promise.all(
      threads.map(async (id, i) => {
        const image = c.post('/api/messages/chat.php', {
          thread_id: id,
          model: 'sdxl',
          messages: [{ content: `A wide valley ${i}`, role: 'user', metadata: { aspectRatio: 'wide' } }],
        });
        // Some deletes land before the charge, most while the picture is being drawn.
        await new Promise((resolve) => setTimeout(resolve, i * 15));
        const del = await c.delete(`/api/threads/delete_thread.php?thread_id=${id}`);
        return { image: await image, del };
      }),
    );
    expect(results.filter((r) => r.image.statusCode >= 500 || r.del.statusCode >= 500)).toEqual([]);
    expect(results.every((r) => r.image.statusCode === 200 || r.image.statusCode === 403)).toBe(true);
    const delivered = results.filter((r) => r.image.statusCode === 200);
    // A picture drawn for a thread deleted meanwhile is still delivered (and in the gallery).
    for (const r of delivered) expect(r.image.data.data.content).toMatch(/^\/api\/images\/file\//);
    const user = await t.ctx.db.kysely.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(user.credits).toBe(100 - 3 * delivered.length);
    expect(await t.ctx.db.kysely.selectFrom('open_charges').select('reference').execute()).toEqual([]);
  });
});
