import { ADMIN_PATHS, AUTH_PATHS, DEFAULT_THREAD_TITLE } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { ADMIN_ENV, signInAs, signInOperator } from '../admin/admin-test-kit.js';
import { utcDay } from '../rollups/rollups.js';

/**
 * A text prompt at the end of a thread is admitted in one statement (PostgreSQL's writable CTEs,
 * SQLite's procedure): everything the transaction path writes, and nothing when it is refused.
 */
describe(`one-statement admission on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ADMIN_ENV);
  });
  afterAll(async () => t.close());

  const newThread = async (c: TestClient) => (await c.post('/api/threads/create_thread.php', { force: true })).data.thread_id as number;
  const send = (c: TestClient, threadId: number, content: string) =>
    c.post('/api/messages/chat.php', { thread_id: threadId, model: 'gpt-4o-mini', stream: false, messages: [{ role: 'user', content }] });
  const db = () => t.ctx.db.kysely;
  const rollup = async (metric: string, dim: string) =>
    (
      await db()
        .selectFrom('daily_rollups')
        .select('n')
        .where('day', '=', utcDay())
        .where('metric', '=', metric)
        .where('dim', '=', dim)
        .executeTakeFirst()
    )?.n ?? 0;
  /** Every row a chat admission may write, counted. */
  const written = async () => {
    const count = async (table: 'credit_ledger' | 'messages' | 'open_charges' | 'daily_rollups' | 'daily_active_accounts') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      ledger: await count('credit_ledger'),
      messages: await count('messages'),
      open: await count('open_charges'),
      rollups: await db().selectFrom('daily_rollups').select(['metric', 'dim', 'n']).orderBy('metric').orderBy('dim').execute(),
      active: await count('daily_active_accounts'),
    };
  };

  it('writes the charge, its ledger row and counters, the prompt, the reply, the thread and settles the charge', async () => {
    const c = t.client();
    const userId = await signInAs(t, c, { credits: 50 });
    const threadId = await newThread(c);
    const requests = await rollup('requests', 'gpt-4o-mini');
    const charged = await rollup('credits_charged', '');
    const active = await rollup('active_accounts', '');

    const first = await send(c, threadId, 'How  do\nbees see colour?');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.data.is_first_message).toBe(true);
    expect(first.data.data.thread_update).toEqual({ new_title: 'How do bees see colour?' });
    const second = await send(c, threadId, 'And in ultraviolet?');
    expect(second.statusCode).toBe(200);
    expect(second.data.is_first_message).toBeUndefined();
    expect(second.data.data.thread_update).toBeUndefined();

    // The balance the answer reports is the one the charge left.
    const meter = await c.post('/api/credits/check_credits.php', {});
    expect(meter.data.credits_info.remaining).toBe(48);
    expect(second.data.credits_info.remaining).toBe(48);
    const ledger = await db().selectFrom('credit_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    expect(ledger.map((r) => [r.delta, r.balance_after, r.reason, r.model])).toEqual([
      [-1, 49, 'chat', 'gpt-4o-mini'],
      [-1, 48, 'chat', 'gpt-4o-mini'],
    ]);
    expect(await rollup('requests', 'gpt-4o-mini')).toBe(requests + 2);
    expect(await rollup('credits_charged', '')).toBe(charged + 2);
    // A new account's first charge of the day counts it active once.
    expect(await rollup('active_accounts', '')).toBe(active + 1);

    const thread = await db().selectFrom('threads').selectAll().where('id', '=', threadId).executeTakeFirstOrThrow();
    const messages = await db().selectFrom('messages').selectAll().where('thread_id', '=', threadId).orderBy('id').execute();
    expect(thread.title).toBe('How do bees see colour?');
    expect(thread.message_count).toBe(4);
    expect(thread.current_leaf_id).toBe(messages[3]?.id);
    expect(messages.map((m) => [m.role, m.status, m.parent_id, m.depth])).toEqual([
      ['user', 'complete', null, 0],
      ['assistant', 'complete', messages[0]?.id, 1],
      ['user', 'complete', messages[1]?.id, 2],
      ['assistant', 'complete', messages[2]?.id, 3],
    ]);
    expect(messages[2]?.content).toBe('And in ultraviolet?');
    expect(second.data.data.message_id).toBe(messages[3]?.id);
    expect(await db().selectFrom('open_charges').selectAll().where('user_id', '=', userId).execute()).toEqual([]);
  });

  it('keeps the name of a thread renamed before its first message', async () => {
    const c = t.client();
    await signInAs(t, c, { credits: 10 });
    const threadId = await newThread(c);
    await db().updateTable('threads').set({ title: 'Garden notes' }).where('id', '=', threadId).execute();
    const res = await send(c, threadId, 'Which roses climb?');
    expect(res.statusCode).toBe(200);
    expect(res.data.is_first_message).toBe(true);
    expect(res.data.data.thread_update).toBeUndefined();
    const thread = await db().selectFrom('threads').select('title').where('id', '=', threadId).executeTakeFirstOrThrow();
    expect(thread.title).toBe('Garden notes');
  });

  it('refuses a short balance, a budget, a daily cap, a foreign and a missing thread with their answers, writing nothing', async () => {
    const broke = t.client();
    await signInAs(t, broke, { credits: 0 });
    const brokeThread = await newThread(broke);
    const budgeted = t.client();
    const budgetedId = await signInAs(t, budgeted, { credits: 100 });
    expect((await budgeted.post(AUTH_PATHS.spending, { monthly_budget: 5, low_balance_warning: null })).statusCode).toBe(200);
    const month = new Date().toISOString().slice(0, 7);
    await db().updateTable('users').set({ month_key: month, month_spent: 5 }).where('id', '=', budgetedId).execute();
    const budgetedThread = await newThread(budgeted);
    const op = t.client();
    await signInOperator(t, op);
    expect((await op.post(ADMIN_PATHS.dailyCaps, { plan: 'premium', daily_cap: 1, reason: 'admission test' })).statusCode).toBe(200);
    const capped = t.client();
    await signInAs(t, capped, { credits: 100, tier: 'premium' });
    const cappedThread = await newThread(capped);
    expect((await send(capped, cappedThread, 'The one for today')).statusCode).toBe(200);
    const other = t.client();
    await signInAs(t, other, { credits: 100 });
    const before = await written();

    const short = await send(broke, brokeThread, 'Hello?');
    expect(short.statusCode).toBe(402);
    expect(short.data.status).toBe('credits_exhausted');
    expect((await send(budgeted, budgetedThread, 'Hello?')).data.code).toBe('budget_reached');
    expect((await send(capped, cappedThread, 'Hello?')).data.code).toBe('daily_cap_reached');
    const foreign = await send(other, brokeThread, 'Hello?');
    expect([foreign.statusCode, foreign.data.message]).toEqual([403, 'You do not have access to this thread']);
    const missing = await send(other, brokeThread + 10_000, 'Hello?');
    expect([missing.statusCode, missing.data.message]).toEqual([403, 'You do not have access to this thread']);

    expect(await written()).toEqual(before);
    const threads = await db()
      .selectFrom('threads')
      .select(['message_count', 'title'])
      .where('id', 'in', [brokeThread, budgetedThread])
      .execute();
    expect(threads).toEqual([
      { message_count: 0, title: DEFAULT_THREAD_TITLE },
      { message_count: 0, title: DEFAULT_THREAD_TITLE },
    ]);
    await op.post(ADMIN_PATHS.dailyCaps, { plan: 'premium', daily_cap: null, reason: 'admission test over' });
  });

  it('admits exactly as many of 40 parallel sends to one thread as a guest has credits, each prompt with its reply', async () => {
    const c = t.client();
    await c.get('/api/auth/check_session.php');
    const threadId = await newThread(c);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => send(c, threadId, `Question ${i}`)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(25);
    expect(results.filter((r) => r.statusCode === 402 && r.data.status === 'credits_exhausted')).toHaveLength(15);
    const guest = await db()
      .selectFrom('guests')
      .select(['id', 'credits', 'credits_used'])
      .where('client_address', '=', c.ip)
      .executeTakeFirstOrThrow();
    expect([guest.credits, guest.credits_used]).toEqual([0, 25]);
    const messages = await db().selectFrom('messages').selectAll().where('thread_id', '=', threadId).orderBy('id').execute();
    expect(messages).toHaveLength(50);
    // One branch: every message follows the one before it, prompts and replies alternating.
    messages.forEach((m, i) => {
      expect(m.parent_id).toBe(i === 0 ? null : messages[i - 1]?.id);
      expect(m.role).toBe(i % 2 === 0 ? 'user' : 'assistant');
    });
    const thread = await db().selectFrom('threads').selectAll().where('id', '=', threadId).executeTakeFirstOrThrow();
    expect([thread.message_count, thread.current_leaf_id]).toEqual([50, messages[49]?.id]);
    const charges = await db().selectFrom('credit_ledger').select('id').where('guest_id', '=', guest.id).where('delta', '<', 0).execute();
    expect(charges).toHaveLength(25);
  });
});
