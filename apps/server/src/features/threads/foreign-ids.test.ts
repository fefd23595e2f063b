import { CHAT_PATHS, MESSAGE_PATHS, THREAD_PATHS } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewAccount } from '../../test/account-factory.js';
import { TEST_DB, type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';

const MISSING_ID = 99_999_999;
const MISSING_STREAM = 'a'.repeat(32);

/** One call that names an id, made by `c`. */
type Probe = (c: TestClient, id: number | string) => ReturnType<TestClient['get']>;

const threadProbes: Record<string, Probe> = {
  'get_messages.php': (c, id) => c.get(`${MESSAGE_PATHS.get}?thread_id=${id}`),
  'messages.php': (c, id) => c.post(MESSAGE_PATHS.save, { thread_id: id, content: 'Mine now' }),
  'delete_thread.php': (c, id) => c.delete(`${THREAD_PATHS.remove}?thread_id=${id}`),
  'update_thread.php': (c, id) => c.post(THREAD_PATHS.update, { thread_id: id, title: 'Stolen' }),
  'update_thread_title.php': (c, id) => c.post(THREAD_PATHS.updateTitle, { thread_id: id, title: 'Stolen' }),
  'thread_settings.php (read)': (c, id) => c.get(`${THREAD_PATHS.settings}?thread_id=${id}`),
  'thread_settings.php (write)': (c, id) => c.post(THREAD_PATHS.settings, { thread_id: id, temperature: 0.5 }),
  'chat.php': (c, id) => c.post(CHAT_PATHS.chat, { thread_id: id, model: 'gpt-4o', messages: [{ content: 'Hi', role: 'user' }] }),
};

const messageProbes: Record<string, Probe> = {
  'delete_message.php': (c, id) => c.post(MESSAGE_PATHS.remove, { message_id: id }),
  'update_message.php': (c, id) => c.post(MESSAGE_PATHS.update, { message_id: id, content: 'Defaced' }),
  'switch_branch.php': (c, id) => c.post(MESSAGE_PATHS.branch, { message_id: id }),
};

const streamProbes: Record<string, Probe> = {
  'chat.php (attach)': (c, id) => c.get(`${CHAT_PATHS.chat}?stream=true&model=gpt-4o&stream_id=${id}`),
  'stop.php': (c, id) => c.post(CHAT_PATHS.stop, { stream_id: id }),
};

/**
 * Issue 36: an id must not tell whether it exists. Another caller's thread, message or stream id
 * is answered exactly like one that does not exist: 403 for threads (the spec's status), 404 else.
 */
describe(`another caller's ids answer like missing ones on ${TEST_DB}`, () => {
  let t: TestApp;
  let intruder: TestClient;
  const owned = { thread: 0, message: 0, stream: '' };
  beforeAll(async () => {
    // Slow demo replies, so the owner's stream is still running while it is probed.
    t = await createTestApp({ DEMO_TOKENS_PER_SECOND: '2' });
    const owner = t.client();
    await signInNewAccount(t, owner, { credits: 100 });
    owned.thread = (await owner.post(THREAD_PATHS.create, { force: true })).data.thread_id;
    owned.message = (await owner.post(MESSAGE_PATHS.save, { thread_id: owned.thread, content: 'Private' })).data.message_id;
    const chat = await owner.post(CHAT_PATHS.chat, {
      thread_id: owned.thread,
      model: 'gpt-4o',
      stream: true,
      messages: [{ content: 'Describe the water cycle', role: 'user' }],
    });
    owned.stream = chat.data.data.stream_id;
    intruder = t.client();
    await signInNewAccount(t, intruder, { credits: 100 });
  });
  afterAll(async () => t.close());

  const cases = [
    { kind: 'thread', probes: threadProbes, foreign: () => owned.thread, missing: MISSING_ID, status: 403 },
    { kind: 'message', probes: messageProbes, foreign: () => owned.message, missing: MISSING_ID, status: 404 },
    { kind: 'stream', probes: streamProbes, foreign: () => owned.stream, missing: MISSING_STREAM, status: 404 },
  ];
  for (const { kind, probes, foreign, missing, status } of cases) {
    it(`answers another caller's ${kind} id exactly like a missing one, with ${status}`, async () => {
      for (const [name, probe] of Object.entries(probes)) {
        const theirs = await probe(intruder, foreign());
        const none = await probe(intruder, missing);
        expect({ status: theirs.statusCode, body: theirs.data }, name).toEqual({ status: none.statusCode, body: none.data });
        expect(theirs.statusCode, name).toBe(status);
      }
    });
  }

  it('changed nothing of the owner’s', async () => {
    const thread = await t.ctx.db.kysely.selectFrom('threads').selectAll().where('id', '=', owned.thread).executeTakeFirstOrThrow();
    expect(thread.title).not.toBe('Stolen');
    expect(thread.temperature).toBeNull();
    const message = await t.ctx.db.kysely.selectFrom('messages').selectAll().where('id', '=', owned.message).executeTakeFirstOrThrow();
    expect(message.content).toBe('Private');
  });
});
