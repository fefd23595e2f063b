import { ADMIN_PATHS, MESSAGES } from '@ensemble/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { firstAvailabilityCheck } from '../../app-context.js';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';
import { type ScriptedOpenAI, startScriptedOpenAI } from '../../test/fakes/scripted-openai.js';
import { contentOf, cookieOf, readSse, startThreadReply } from '../../test/sse-client.js';
import { ADMIN_ENV, signInAs, signInOperator } from './admin-test-kit.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const THREADS = '/api/threads/get_all_threads.php';

/** Waits until the saved reply has left 'streaming' (it is cut or finished), read from the database. */
async function savedReply(t: TestApp, messageId: number) {
  for (;;) {
    const row = await t.ctx.db.kysely.selectFrom('messages').select(['content', 'status']).where('id', '=', messageId).executeTakeFirst();
    if (row?.status !== 'streaming') return row;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Reads a reply's events until the first content arrives, then hands the rest of the read back. */
async function readingAfterFirstText(base: string, streamId: string, cookie: string) {
  let first!: () => void;
  const started = new Promise<void>((resolve) => {
    first = resolve;
  });
  const read = readSse(`${base}/api/messages/chat.php?stream=true&stream_id=${streamId}`, {
    cookie,
    onEvent: (e) => {
      if (contentOf([e]).length > 0) first();
    },
  });
  await started;
  // Wrapped: an async function's returned promise would be awaited to its end.
  return { read };
}

/** The session's next request is told of the suspension (no guest is made for it), once: its cookie then names nothing. */
async function expectToldOnce(t: TestApp, user: TestClient) {
  const guests = () => t.ctx.db.kysely.selectFrom('guests').select('id').execute();
  const before = await guests();
  const told = await user.get(THREADS);
  expect(told.statusCode).toBe(403);
  expect(told.data).toMatchObject({ status: 'error', code: 'account_suspended', message: MESSAGES.accountSuspended });
  expect(await guests()).toEqual(before);
  expect(user.cookies.size).toBe(0);
  expect((await user.get('/api/auth/check_session.php')).statusCode).toBe(401);
}

describe(`suspending an account with an open session and a running reply on ${TEST_DB}`, () => {
  let provider: ScriptedOpenAI;
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    provider = await startScriptedOpenAI();
    t = await createTestApp({ ...ADMIN_ENV, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: provider.url });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // The scripted provider answers its model listing too: a stalled script would hold it until the instance closes.
    await firstAvailabilityCheck(t.app);
  });
  afterAll(async () => {
    await provider.close();
    await t.close();
  });

  it('cuts the reply at once and answers the next request with the suspension, not as a new guest', async () => {
    const op = t.client();
    await signInOperator(t, op);
    const user = t.client();
    const id = await signInAs(t, user, { credits: 100 });
    // The provider sends its first words and then keeps the call open, as a long answer would.
    provider.script = { chunks: ['The first words'], end: 'stall' };
    const reply = await startThreadReply(user, 'Tell me a long story');
    const { read: reading } = await readingAfterFirstText(base, reply.streamId, reply.cookie);

    const res = await op.post(ADMIN_PATHS.suspend, { user_id: id, suspended: true, reason: 'Chargeback fraud' });
    expect(res.statusCode).toBe(200);
    const read = await reading;
    expect(read.ended).toBe('done');
    expect(contentOf(read.events).join('')).toBe('The first words');
    expect(await savedReply(t, reply.messageId)).toEqual({ content: 'The first words', status: 'stopped' });

    await expectToldOnce(t, user);
    // A reload's session check is told too (another tab of the same account).
    const other = t.client();
    await signInAs(t, other);
    const otherId = (await other.get('/api/auth/check_session.php')).data.user.id as number;
    await op.post(ADMIN_PATHS.suspend, { user_id: otherId, suspended: true, reason: 'Spam' });
    const check = await other.get('/api/auth/check_session.php');
    expect(check.statusCode).toBe(403);
    expect(check.data.message).toBe(MESSAGES.accountSuspended);
  });

  it('ends the revoked sessions for good when the suspension is lifted: they answer 401, not the suspension', async () => {
    const op = t.client();
    await signInOperator(t, op);
    const user = t.client();
    const id = await signInAs(t, user);
    await op.post(ADMIN_PATHS.suspend, { user_id: id, suspended: true, reason: 'Looked like spam' });
    await op.post(ADMIN_PATHS.suspend, { user_id: id, suspended: false, reason: 'It was not' });
    expect((await user.get('/api/auth/check_session.php')).statusCode).toBe(401);
  });
});

describe.each([
  { how: 'Redis', env: { REDIS_URL } as Record<string, string> },
  { how: 'the lease rows', env: {} as Record<string, string> },
])(`suspension across two instances on ${TEST_DB} through $how`, ({ env }) => {
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

  it('cuts on instance B the reply of an account suspended through instance A; B then refuses its session with the suspension', async () => {
    const providerEnv = { ...ADMIN_ENV, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: provider.url, ...env };
    const fast = { ttlMs: 3_000, renewMs: 200, sweepMs: 1_000 };
    const a = await createTestApp(providerEnv, { leaseTiming: fast });
    open.push(a);
    const b = await createTestApp(providerEnv, {
      leaseTiming: fast,
      ...(TEST_DB === 'postgres' ? { databaseOf: a } : { sharedWith: a }),
    });
    open.push(b);
    const baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
    // The scripted provider answers its model listing too: a stalled script would hold it until the instance closes.
    await Promise.all([firstAvailabilityCheck(a.app), firstAvailabilityCheck(b.app)]);
    const op = a.client();
    await signInOperator(a, op);
    const onB = b.client();
    const id = await signInAs(b, onB, { credits: 100 });
    provider.script = { chunks: ['Half a reply'], end: 'stall' };
    const reply = await startThreadReply(onB, 'Go on');
    const { read: reading } = await readingAfterFirstText(baseB, reply.streamId, cookieOf(onB));

    expect((await op.post(ADMIN_PATHS.suspend, { user_id: id, suspended: true, reason: 'Chargeback fraud' })).statusCode).toBe(200);
    const read = await reading;
    expect(read.ended).toBe('done');
    expect(await savedReply(b, reply.messageId)).toEqual({ content: 'Half a reply', status: 'stopped' });
    await expectToldOnce(b, onB);
  });
});
