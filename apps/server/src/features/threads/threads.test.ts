import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewAccount } from '../../test/account-factory.js';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';

const CREATE = '/api/threads/create_thread.php';
const LIST = '/api/threads/get_all_threads.php';
const DELETE = '/api/threads/delete_thread.php';
const UPDATE = '/api/threads/update_thread.php';
const RENAME = '/api/threads/update_thread_title.php';
const SAVE = '/api/messages/messages.php';

describe('threads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const db = () => t.ctx.db.kysely;
  const threadRow = (id: number) => db().selectFrom('threads').selectAll().where('id', '=', id).executeTakeFirst();

  async function account(): Promise<{ c: TestClient; userId: number }> {
    const c = t.client();
    const userId = await signInNewAccount(t, c);
    return { c, userId };
  }

  async function say(c: TestClient, threadId: number, content = 'hello') {
    const res = await c.post(SAVE, { thread_id: threadId, content });
    expect(res.statusCode).toBe(200);
    return res.data.message_id as number;
  }

  describe('create_thread.php', () => {
    it('creates a New Thread for an account and answers the thread shape', async () => {
      const { c, userId } = await account();
      const res = await c.post(CREATE, { user_id: userId, is_anonymous: false });
      expect(res.statusCode).toBe(200);
      expect(res.data).toMatchObject({ status: 'success', reused: false });
      expect(res.data.thread_id).toBe(res.data.thread.id);
      expect(res.data.thread).toMatchObject({ title: 'New Thread', user_id: userId, has_messages: false, is_anonymous: false });
      expect(await threadRow(res.data.thread_id)).toMatchObject({ user_id: userId, guest_id: null, title: 'New Thread', message_count: 0 });
    });

    it('reuses the newest empty New Thread unless forced', async () => {
      const { c } = await account();
      const first = await c.post(CREATE, {});
      const again = await c.post(CREATE, { title: 'New Thread' });
      expect(again.data).toMatchObject({ thread_id: first.data.thread_id, reused: true });
      const forced = await c.post(CREATE, { force: true });
      expect(forced.data.reused).toBe(false);
      expect(forced.data.thread_id).not.toBe(first.data.thread_id);
      // The newest empty one is the one handed back now.
      const third = await c.post(CREATE, {});
      expect(third.data).toMatchObject({ thread_id: forced.data.thread_id, reused: true });
      const count = await db()
        .selectFrom('threads')
        .select(db().fn.countAll().as('n'))
        .where('user_id', '=', (await threadRow(first.data.thread_id))!.user_id)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(2);
    });

    it('gives the reused empty thread the title asked for', async () => {
      const { c } = await account();
      const first = await c.post(CREATE, {});
      const titled = await c.post(CREATE, { title: 'Image: a red fox' });
      expect(titled.data).toMatchObject({ thread_id: first.data.thread_id, reused: true, thread: { title: 'Image: a red fox' } });
      expect((await threadRow(first.data.thread_id))?.title).toBe('Image: a red fox');
    });

    it('does not reuse a New Thread that has messages', async () => {
      const { c } = await account();
      const first = await c.post(CREATE, {});
      await say(c, first.data.thread_id);
      const next = await c.post(CREATE, {});
      expect(next.data.reused).toBe(false);
      expect(next.data.thread_id).not.toBe(first.data.thread_id);
    });

    it('clamps a long title to 255 characters ending in ... and defaults a blank one', async () => {
      const { c } = await account();
      const long = `${'x'.repeat(250)}abcdefghij`;
      const res = await c.post(CREATE, { title: long, force: true });
      expect(res.data.thread.title).toHaveLength(255);
      expect(res.data.thread.title).toBe(`${long.slice(0, 252)}...`);
      const exact = 'y'.repeat(255);
      expect((await c.post(CREATE, { title: exact, force: true })).data.thread.title).toBe(exact);
      expect((await c.post(CREATE, { title: '   ', force: true })).data.thread.title).toBe('New Thread');
    });

    it('keeps a guest on its current thread, and starts a fresh one only when forced', async () => {
      const c = t.client();
      const first = await c.post(CREATE, { user_id: -1, is_anonymous: true });
      expect(first.statusCode).toBe(200);
      expect(first.data).toMatchObject({ reused: false, thread: { user_id: -1, is_anonymous: true, title: 'New Thread' } });
      await say(c, first.data.thread_id);
      const again = await c.post(CREATE, { user_id: -1, is_anonymous: true, title: 'Other' });
      expect(again.data).toMatchObject({
        thread_id: first.data.thread_id,
        reused: true,
        thread: { title: 'New Thread', has_messages: true },
      });
      const forced = await c.post(CREATE, { user_id: -1, is_anonymous: true, force: true });
      expect(forced.data).toMatchObject({ reused: false, thread: { title: 'New Thread', has_messages: false } });
      expect(forced.data.thread_id).not.toBe(first.data.thread_id);
      const next = await c.post(CREATE, { user_id: -1, is_anonymous: true });
      expect(next.data.thread_id).toBe(forced.data.thread_id);
    });

    it('refuses a user_id that is not the caller with 403 and creates nothing', async () => {
      const { c, userId } = await account();
      const res = await c.post(CREATE, { user_id: userId + 1000 });
      expect(res.statusCode).toBe(403);
      expect(res.data).toMatchObject({ status: 'error' });
      expect(await db().selectFrom('threads').select('id').where('user_id', '=', userId).execute()).toHaveLength(0);
      const guest = t.client();
      expect((await guest.post(CREATE, { user_id: userId })).statusCode).toBe(403);
    });

    it('answers malformed input with a 400 JSON error', async () => {
      const c = t.client();
      for (const body of [{ title: 42 }, { is_anonymous: 'maybe' }, { force: 'yes' }, { user_id: 'abc' }, { title: 'z'.repeat(10_001) }]) {
        const res = await c.post(CREATE, body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
        expect(res.data).toMatchObject({ status: 'error' });
      }
      const raw = await c.request({ method: 'POST', url: CREATE, payload: '{not json', headers: { 'content-type': 'application/json' } });
      expect(raw.statusCode).toBe(400);
      expect(raw.data.status).toBe('error');
    });
  });

  describe('get_all_threads.php', () => {
    it('lists the caller’s threads by latest activity, paged, with has_messages from the count', async () => {
      const { c, userId } = await account();
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) ids.push((await c.post(CREATE, { title: `T${i}`, force: true })).data.thread_id);
      // Times are kept to the millisecond, and a tie goes to the newer thread: the message comes a millisecond later
      // than the last thread at least (both can land in the same one on a fast machine).
      await new Promise((resolve) => setTimeout(resolve, 2));
      await say(c, ids[1] as number);
      const other = await account();
      await other.c.post(CREATE, { title: 'not mine' });

      const p1 = await c.get(`${LIST}?user_id=${userId}&limit=2`);
      expect(p1.statusCode).toBe(200);
      expect(p1.headers['cache-control']).toBe('no-store');
      // The thread written in last comes first (issue 42: latest activity), then the newest.
      expect(p1.data.threads.map((x: { id: number }) => x.id)).toEqual([ids[1], ids[4]]);
      expect(p1.data.has_more).toBe(true);
      const p3 = await c.get(`${LIST}?limit=2&page=3`);
      expect(p3.data.threads.map((x: { id: number }) => x.id)).toEqual([ids[0]]);
      expect(p3.data.has_more).toBe(false);
      const all = await c.get(LIST);
      expect(all.data.threads).toHaveLength(5);
      expect(all.data.threads.find((x: { id: number }) => x.id === ids[1])).toMatchObject({
        title: 'T1',
        has_messages: true,
        is_anonymous: false,
        user_id: userId,
      });
      expect(all.data.threads.find((x: { id: number }) => x.id === ids[2]).has_messages).toBe(false);
    });

    it('lists a guest’s own thread as anonymous', async () => {
      const c = t.client();
      const made = await c.post(CREATE, { user_id: -1 });
      const res = await c.get(`${LIST}?user_id=-1`);
      expect(res.data.threads).toEqual([expect.objectContaining({ id: made.data.thread_id, user_id: -1, is_anonymous: true })]);
      expect((await t.client().get(LIST)).data.threads).toEqual([]);
    });

    it('refuses another user_id with 403 and malformed paging with 400', async () => {
      const { c, userId } = await account();
      expect((await c.get(`${LIST}?user_id=${userId + 7}`)).statusCode).toBe(403);
      for (const q of ['page=0', 'limit=0', 'limit=201', 'page=x', 'user_id=1.5']) {
        const res = await c.get(`${LIST}?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.data.status).toBe('error');
      }
    });
  });

  describe('delete_thread.php', () => {
    it('deletes the thread and its messages; its images stay in the gallery unlinked', async () => {
      const { c, userId } = await account();
      const id = (await c.post(CREATE, { force: true })).data.thread_id as number;
      const messageId = await say(c, id, 'draw a fox');
      const png = new PNG({ width: 2, height: 2 });
      await db()
        .insertInto('images')
        .values({
          id: 'a'.repeat(32),
          user_id: userId,
          guest_id: null,
          message_id: messageId,
          file_name: 'x.png',
          media_type: 'image/png',
          byte_size: PNG.sync.write(png).length,
          width: 2,
          height: 2,
          prompt: 'a fox',
          model: 'flux',
          aspect_ratio: '1:1',
          created_at: new Date().toISOString(),
        })
        .execute();
      const res = await c.delete(`${DELETE}?thread_id=${id}&user_id=${userId}`);
      expect(res.statusCode).toBe(200);
      expect(res.data.status).toBe('success');
      expect(await threadRow(id)).toBeUndefined();
      expect(await db().selectFrom('messages').select('id').where('thread_id', '=', id).execute()).toEqual([]);
      expect(await db().selectFrom('images').select(['id', 'message_id']).where('id', '=', 'a'.repeat(32)).executeTakeFirst()).toEqual({
        id: 'a'.repeat(32),
        message_id: null,
      });
    });

    it('refuses another account’s and another guest’s thread with 403 and keeps it', async () => {
      const owner = await account();
      const ownersThread = (await owner.c.post(CREATE, {})).data.thread_id as number;
      await say(owner.c, ownersThread);
      const guestOwner = t.client();
      const guestThread = (await guestOwner.post(CREATE, {})).data.thread_id as number;

      for (const intruder of [(await account()).c, t.client()]) {
        for (const id of [ownersThread, guestThread]) {
          const res = await intruder.delete(`${DELETE}?thread_id=${id}`);
          expect(res.statusCode).toBe(403);
          expect(res.data.status).toBe('error');
        }
      }
      expect(await threadRow(ownersThread)).toMatchObject({ message_count: 1 });
      expect(await threadRow(guestThread)).toBeDefined();
      expect(await db().selectFrom('messages').select('id').where('thread_id', '=', ownersThread).execute()).toHaveLength(1);
    });

    it('answers a missing thread with 403, as another caller’s, and 400 for a malformed or absent id', async () => {
      const c = t.client();
      expect((await c.delete(`${DELETE}?thread_id=99999999`)).statusCode).toBe(403);
      for (const q of ['thread_id=abc', 'thread_id=-3', '']) {
        const res = await c.delete(`${DELETE}?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.data.status).toBe('error');
      }
    });
  });

  describe('update_thread.php and update_thread_title.php', () => {
    it('renames through both calls, clamping to 255', async () => {
      const { c } = await account();
      const id = (await c.post(CREATE, { force: true })).data.thread_id as number;
      const a = await c.post(UPDATE, { thread_id: id, title: '  Trip plans  ' });
      expect(a.statusCode).toBe(200);
      expect(a.data).toMatchObject({ status: 'success', success: true, thread: { id, title: 'Trip plans' } });
      const b = await c.post(RENAME, { thread_id: String(id), title: 'q'.repeat(300) });
      expect(b.data.thread.title).toBe(`${'q'.repeat(252)}...`);
      expect((await threadRow(id))?.title).toBe(`${'q'.repeat(252)}...`);
      const none = await c.post(UPDATE, { thread_id: id });
      expect(none.data.thread.title).toBe(`${'q'.repeat(252)}...`);
    });

    it('refuses a blank title with 400 and changes nothing', async () => {
      const { c } = await account();
      const id = (await c.post(CREATE, { title: 'Keep me', force: true })).data.thread_id as number;
      for (const [url, body] of [
        [RENAME, { thread_id: id, title: '   ' }],
        [RENAME, { thread_id: id }],
        [UPDATE, { thread_id: id, title: '' }],
        [UPDATE, { thread_id: 'x', title: 'a' }],
        [RENAME, { title: 'a' }],
      ] as const) {
        const res = await c.post(url, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.data.status).toBe('error');
      }
      expect((await threadRow(id))?.title).toBe('Keep me');
    });

    it('refuses someone else’s thread and a missing one alike with 403', async () => {
      const owner = await account();
      const id = (await owner.c.post(CREATE, { title: 'Mine', force: true })).data.thread_id as number;
      const guestId = (await t.client().post(CREATE, {})).data.thread_id as number;
      const intruder = t.client();
      for (const url of [UPDATE, RENAME]) {
        expect((await intruder.post(url, { thread_id: id, title: 'Stolen' })).statusCode).toBe(403);
        expect((await intruder.post(url, { thread_id: guestId, title: 'Stolen' })).statusCode).toBe(403);
        expect((await owner.c.post(url, { thread_id: id, title: 'Stolen', user_id: owner.userId + 1 })).statusCode).toBe(403);
        expect((await owner.c.post(url, { thread_id: 99999999, title: 'x' })).statusCode).toBe(403);
      }
      expect((await threadRow(id))?.title).toBe('Mine');
      expect((await threadRow(guestId))?.title).toBe('New Thread');
    });
  });
});
