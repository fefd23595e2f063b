import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewAccount } from '../../test/account-factory.js';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';

const CREATE = '/api/threads/create_thread.php';
const GET = '/api/messages/get_messages.php';
const SAVE = '/api/messages/messages.php';
const DELETE = '/api/messages/delete_message.php';
const UPDATE = '/api/messages/update_message.php';

describe('messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const db = () => t.ctx.db.kysely;
  const messageRow = (id: number) => db().selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
  const threadCount = async (id: number) =>
    (await db().selectFrom('threads').select('message_count').where('id', '=', id).executeTakeFirstOrThrow()).message_count;

  async function threadOf(c: TestClient): Promise<number> {
    const res = await c.post(CREATE, { force: true });
    expect(res.statusCode).toBe(200);
    return res.data.thread_id;
  }

  async function say(c: TestClient, threadId: number, content: string, extra: Record<string, unknown> = {}): Promise<number> {
    const res = await c.post(SAVE, { thread_id: threadId, content, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return res.data.message_id;
  }

  describe('messages.php and get_messages.php', () => {
    it('saves user messages and returns them oldest first by GET and by POST with string values', async () => {
      const c = t.client();
      const userId = await signInNewAccount(t, c);
      const threadId = await threadOf(c);
      const first = await say(c, threadId, 'first', {
        user_id: userId,
        sender: 'user',
        role: 'user',
        type: 'text',
        model: 'gpt-4o',
        metadata: null,
      });
      const second = await say(c, threadId, 'a lighthouse at dusk', {
        user_id: String(userId),
        type: 'image',
        model: 'flux',
        metadata: JSON.stringify({ aspectRatio: '16:9', prompt: 'a lighthouse at dusk' }),
      });
      const third = await say(c, threadId, 'third', { metadata: { prompt: 'p' } });
      expect(await threadCount(threadId)).toBe(3);

      const byGet = await c.get(`${GET}?thread_id=${threadId}&user_id=${userId}`);
      expect(byGet.statusCode).toBe(200);
      expect(byGet.headers['cache-control']).toBe('no-store');
      expect(byGet.data.status).toBe('success');
      expect(byGet.data.thread).toMatchObject({ id: threadId, title: 'New Thread' });
      expect(byGet.data.messages.map((m: { id: number }) => m.id)).toEqual([first, second, third]);
      expect(byGet.data.messages[0]).toMatchObject({
        content: 'first',
        sender: 'user',
        role: 'user',
        type: 'text',
        model: 'gpt-4o',
        metadata: null,
        thread_id: threadId,
        threadId,
        user_id: userId,
        status: 'complete',
      });
      expect(byGet.data.messages[1]).toMatchObject({
        type: 'image',
        model: 'flux',
        metadata: { aspectRatio: '16:9', prompt: 'a lighthouse at dusk' },
      });

      const byPost = await c.post(GET, { thread_id: String(threadId), user_id: String(userId) });
      expect(byPost.statusCode).toBe(200);
      expect(byPost.data.messages).toEqual(byGet.data.messages);
    });

    it('serves a guest its own thread with user_id -1', async () => {
      const c = t.client();
      const threadId = (await c.post(CREATE, { user_id: -1, is_anonymous: true })).data.thread_id;
      await say(c, threadId, 'hi', { user_id: -1 });
      const res = await c.post(GET, { thread_id: threadId, user_id: '-1' });
      expect(res.data.messages).toEqual([expect.objectContaining({ content: 'hi', user_id: -1 })]);
    });

    it('refuses another account’s or guest’s thread with 403 and saves nothing', async () => {
      const owner = t.client();
      await signInNewAccount(t, owner);
      const accountThread = await threadOf(owner);
      await say(owner, accountThread, 'private');
      const guestOwner = t.client();
      const guestThread = (await guestOwner.post(CREATE, {})).data.thread_id;

      const intruderAccount = t.client();
      await signInNewAccount(t, intruderAccount);
      for (const intruder of [intruderAccount, t.client()]) {
        for (const threadId of [accountThread, guestThread]) {
          expect((await intruder.get(`${GET}?thread_id=${threadId}`)).statusCode).toBe(403);
          expect((await intruder.post(GET, { thread_id: threadId })).statusCode).toBe(403);
          const save = await intruder.post(SAVE, { thread_id: threadId, content: 'injected' });
          expect(save.statusCode).toBe(403);
          expect(save.data.status).toBe('error');
        }
      }
      expect(await threadCount(accountThread)).toBe(1);
      expect(await threadCount(guestThread)).toBe(0);
      expect(await db().selectFrom('messages').select('id').where('content', '=', 'injected').execute()).toEqual([]);
    });

    it('refuses a user_id that is not the caller with 403', async () => {
      const c = t.client();
      const userId = await signInNewAccount(t, c);
      const threadId = await threadOf(c);
      expect((await c.get(`${GET}?thread_id=${threadId}&user_id=${userId + 1}`)).statusCode).toBe(403);
      expect((await c.post(SAVE, { thread_id: threadId, user_id: userId + 1, content: 'x' })).statusCode).toBe(403);
      expect(await threadCount(threadId)).toBe(0);
    });

    it('answers a missing thread with 403, as another caller’s', async () => {
      const c = t.client();
      expect((await c.get(`${GET}?thread_id=99999999`)).statusCode).toBe(403);
      expect((await c.post(SAVE, { thread_id: 99999999, content: 'x' })).statusCode).toBe(403);
    });

    it('answers malformed input with 400 JSON and saves nothing', async () => {
      const c = t.client();
      const threadId = (await c.post(CREATE, {})).data.thread_id;
      for (const body of [
        { thread_id: threadId, content: '   ' },
        { thread_id: threadId },
        { thread_id: 'one', content: 'x' },
        { thread_id: threadId, content: 'x', metadata: '{broken' },
        { thread_id: threadId, content: 'x', metadata: '[1,2]' },
        { thread_id: threadId, content: 'x', role: 'assistant' },
        { thread_id: threadId, content: 'x', type: 'video' },
      ]) {
        const res = await c.post(SAVE, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.data.status).toBe('error');
      }
      expect(await threadCount(threadId)).toBe(0);
      expect((await c.get(`${GET}?thread_id=abc`)).statusCode).toBe(400);
      expect((await c.get(GET)).statusCode).toBe(400);
      expect((await c.post(GET, { thread_id: '1.5' })).statusCode).toBe(400);
    });
  });

  describe('delete_message.php', () => {
    it('deletes the caller’s message and lowers the count', async () => {
      const c = t.client();
      const threadId = (await c.post(CREATE, {})).data.thread_id;
      const keep = await say(c, threadId, 'keep');
      const gone = await say(c, threadId, 'gone');
      const res = await c.post(DELETE, { message_id: gone, user_id: -1 });
      expect(res.statusCode).toBe(200);
      expect(res.data).toEqual({ status: 'success' });
      expect(await messageRow(gone)).toBeUndefined();
      expect(await messageRow(keep)).toBeDefined();
      expect(await threadCount(threadId)).toBe(1);
    });

    it('answers someone else’s message and a missing one alike with 404 and keeps it; 400 for malformed', async () => {
      const owner = t.client();
      await signInNewAccount(t, owner);
      const threadId = await threadOf(owner);
      const id = await say(owner, threadId, 'mine');
      const intruder = t.client();
      await signInNewAccount(t, intruder);
      for (const c of [intruder, t.client()]) expect((await c.post(DELETE, { message_id: id })).statusCode).toBe(404);
      expect(await messageRow(id)).toBeDefined();
      expect(await threadCount(threadId)).toBe(1);
      expect((await owner.post(DELETE, { message_id: 99999999 })).statusCode).toBe(404);
      for (const body of [{}, { message_id: 'x' }, { message_id: 0 }]) {
        const res = await owner.post(DELETE, body);
        expect(res.statusCode).toBe(400);
        expect(res.data.status).toBe('error');
      }
    });
  });

  describe('update_message.php', () => {
    it('replaces the content, trimmed, and answers the message', async () => {
      const c = t.client();
      const threadId = (await c.post(CREATE, {})).data.thread_id;
      const id = await say(c, threadId, 'draft');
      const res = await c.post(UPDATE, { message_id: id, content: '  final text  ', thread_id: threadId, user_id: -1 });
      expect(res.statusCode).toBe(200);
      expect(res.data).toMatchObject({ status: 'success', message: { id, content: 'final text', thread_id: threadId } });
      expect((await messageRow(id))?.content).toBe('final text');
    });

    it('refuses blank content, a wrong thread_id and a reply still streaming, changing nothing', async () => {
      const c = t.client();
      const threadId = (await c.post(CREATE, {})).data.thread_id;
      const id = await say(c, threadId, 'original');
      for (const body of [
        { message_id: id, content: '   ' },
        { message_id: id },
        { content: 'x' },
        { message_id: id, content: 'x', thread_id: threadId + 1 },
      ]) {
        const res = await c.post(UPDATE, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.data.status).toBe('error');
      }
      await db().updateTable('messages').set({ status: 'streaming' }).where('id', '=', id).execute();
      const busy = await c.post(UPDATE, { message_id: id, content: 'now' });
      expect(busy.statusCode).toBe(409);
      expect((await messageRow(id))?.content).toBe('original');
    });

    it('refuses someone else’s message with 403 and leaves it unchanged', async () => {
      const owner = t.client();
      const ownerId = await signInNewAccount(t, owner);
      const threadId = await threadOf(owner);
      const id = await say(owner, threadId, 'untouched');
      const guestIntruder = t.client();
      const accountIntruder = t.client();
      await signInNewAccount(t, accountIntruder);
      for (const c of [guestIntruder, accountIntruder]) {
        expect((await c.post(UPDATE, { message_id: id, content: 'defaced', thread_id: threadId })).statusCode).toBe(404);
      }
      expect((await owner.post(UPDATE, { message_id: id, content: 'defaced', user_id: ownerId + 1 })).statusCode).toBe(403);
      expect((await owner.post(UPDATE, { message_id: 99999999, content: 'x' })).statusCode).toBe(404);
      expect((await messageRow(id))?.content).toBe('untouched');
    });
  });
});
