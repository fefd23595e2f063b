import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewAccount } from '../../test/account-factory.js';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { type ProviderFake, startProviderFake } from '../../test/fakes/provider-fakes.js';
import { STATEMENT_GOAL, countStatements, recordChat } from '../../test/statement-count.js';

describe('statements per chat message (issue 17, goal 5)', () => {
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

  it('sends a message in a thread with history within the statement bounds, and the reply and charge are right', async () => {
    const threadId = (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id;
    for (const q of ['First question', 'Second question'])
      expect(
        (
          await c.post('/api/messages/chat.php', {
            thread_id: threadId,
            model: 'gpt-4o',
            stream: false,
            messages: [{ role: 'user', content: q }],
          })
        ).statusCode,
      ).toBe(200);

    const { res, seen } = await recordChat(t, c, openai, { thread_id: threadId, messages: [{ role: 'user', content: 'Third question' }] });
    expect(res.statusCode, res.body).toBe(200);
    const { before, total, statements } = countStatements(seen);
    // The reply is whole and charged, and the model saw the whole branch.
    expect(res.data.data.status).toBe('success');
    expect(res.data.data.content).toBe(openai.fake.chunks.join(''));
    const body = openai.fake.lastRequest('/chat/completions')?.body as { messages?: { content: string }[] } | undefined;
    const sent = (body?.messages ?? []).map((m) => m.content);
    expect(sent[0]).toBe('First question');
    expect(sent[sent.length - 1]).toBe('Third question');
    const shown = await c.get(`/api/messages/get_messages.php?thread_id=${threadId}`);
    expect(shown.data.messages).toHaveLength(6);
    expect(await t.ctx.db.kysely.selectFrom('open_charges').selectAll().execute()).toHaveLength(0);
    console.log(
      `[${t.ctx.db.dialect}] statements per chat message: ${before} before the upstream call, ${total} in all (goal ${STATEMENT_GOAL.before} and ${STATEMENT_GOAL.total})\n  ${statements.join('\n  ')}`,
    );
    expect(before).toBeLessThanOrEqual(BOUNDS[t.ctx.db.dialect].before);
    expect(total).toBeLessThanOrEqual(BOUNDS[t.ctx.db.dialect].total);
  });
});

/**
 * The bounds this code meets today, as a guard against regressions: 16 before / 22 in all at the
 * start of issue 17, 10 / 14 after its first pass; the operator overview's daily rollups then added
 * their counters (one upsert and the day's active account) to the charge's transaction, and the
 * availability map moved into the catalogue snapshot (one read less). On PostgreSQL the whole
 * admission is one statement of writable CTEs that also reads the history (session, admission: 2
 * before), and a complete reply's final save, settlement and outcome are one more (5 in all).
 * SQLite has no writable CTEs: the same writes are procedures there (a temporary view's INSTEAD OF
 * trigger, see db/sqlite-procedures.ts), and the admission's read-back is a statement of its own
 * (session, admission, read-back: 3 before, 6 in all; it was 11 and 16 in transactions).
 */
const BOUNDS = { sqlite: { before: 3, total: 6 }, postgres: { before: 2, total: 5 } };
