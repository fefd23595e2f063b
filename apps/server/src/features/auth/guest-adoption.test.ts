import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';

const PASSWORD = 'quiet-river-stone-55';
let n = 0;
const uniqueEmail = () => `adopt${++n}.${Date.now().toString(36)}@example.com`;

describe('a guest keeps their chat at sign-up and sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  /** A guest who chatted: one thread with a message (through the API), an image and an activity row. */
  async function guestWithChat(c: TestClient, content: string) {
    const created = await c.post('/api/threads/create_thread.php', { user_id: -1, title: 'New Thread', is_anonymous: true });
    expect(created.statusCode).toBe(200);
    const threadId = created.data.thread_id as number;
    const saved = await c.post('/api/messages/messages.php', {
      thread_id: threadId,
      user_id: -1,
      content,
      sender: 'user',
      role: 'user',
      type: 'text',
      model: 'gpt-4o',
      metadata: null,
    });
    expect(saved.statusCode).toBe(200);
    const guest = await t.ctx.db.kysely.selectFrom('threads').select('guest_id').where('id', '=', threadId).executeTakeFirstOrThrow();
    const guestId = guest.guest_id as number;
    const at = new Date().toISOString();
    await t.ctx.db.kysely
      .insertInto('images')
      .values({
        id: `img-${threadId}`,
        user_id: null,
        guest_id: guestId,
        message_id: null,
        file_name: 'x.png',
        media_type: 'image/png',
        byte_size: 1,
        width: 1,
        height: 1,
        prompt: 'a fox',
        model: 'flux',
        aspect_ratio: '1:1',
        created_at: at,
      })
      .execute();
    await t.ctx.db.kysely
      .insertInto('activities')
      .values({ user_id: null, guest_id: guestId, activity_type: 'settings', description: 'Changed theme', created_at: at })
      .execute();
    await c.post('/api/credits/check_credits.php', { required_credits: 0 });
    await t.ctx.db.kysely.updateTable('guests').set({ credits: 20, credits_used: 5 }).where('id', '=', guestId).execute();
    return { threadId, guestId };
  }

  async function expectAdopted(c: TestClient, userId: number, threadId: number, guestId: number, content: string) {
    const db = t.ctx.db.kysely;
    const list = await c.get('/api/threads/get_all_threads.php');
    expect(list.statusCode).toBe(200);
    expect(list.data.threads.map((th: { id: number }) => th.id)).toContain(threadId);
    const messages = await c.post('/api/messages/get_messages.php', { thread_id: String(threadId), user_id: String(userId) });
    expect(messages.statusCode).toBe(200);
    expect(messages.data.messages.map((m: { content: string }) => m.content)).toContain(content);

    expect(await db.selectFrom('threads').select(['user_id', 'guest_id']).where('id', '=', threadId).executeTakeFirstOrThrow()).toEqual({
      user_id: userId,
      guest_id: null,
    });
    expect(
      await db.selectFrom('images').select(['user_id', 'guest_id']).where('id', '=', `img-${threadId}`).executeTakeFirstOrThrow(),
    ).toEqual({ user_id: userId, guest_id: null });
    const moved = await db
      .selectFrom('activities')
      .select('activity_type')
      .where('user_id', '=', userId)
      .where('activity_type', '=', 'settings')
      .execute();
    expect(moved).toHaveLength(1);
    expect(await db.selectFrom('activities').select('id').where('guest_id', '=', guestId).execute()).toHaveLength(0);
    const guest = await db.selectFrom('guests').select(['retired_at', 'credits']).where('id', '=', guestId).executeTakeFirstOrThrow();
    expect(guest.retired_at).not.toBeNull();
    expect(guest.credits).toBe(20);
    const stats = await c.get('/api/auth/user_handler.php');
    expect(stats.data.stats).toMatchObject({ total_threads: 1, total_messages: 1 });
  }

  it('moves the thread, its messages, images and activities to a new account; guest credits stay behind', async () => {
    const c = t.client();
    const { threadId, guestId } = await guestWithChat(c, 'What is a monad?');
    const reg = await c.post('/api/auth/register.php', { email: uniqueEmail(), username: 'New', password: PASSWORD });
    expect(reg.statusCode).toBe(200);
    const userId = reg.data.user.id as number;
    await expectAdopted(c, userId, threadId, guestId, 'What is a monad?');
    const credits = await c.post('/api/credits/check_credits.php', { required_credits: 0 });
    expect(credits.data.credits_info.remaining).toBe(100);
  });

  it('moves them to an existing account at sign-in, and the retired guest session is gone', async () => {
    const email = uniqueEmail();
    const owner = t.client();
    await owner.post('/api/auth/register.php', { email, username: 'Back', password: PASSWORD });
    await owner.post('/api/auth/logout.php', {});

    const c = t.client();
    const { threadId, guestId } = await guestWithChat(c, 'Explain closures');
    const guestCookie = c.cookies.get('ensemble_sid') as string;
    const login = await c.post('/api/auth/login.php', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    await expectAdopted(c, login.data.user.id, threadId, guestId, 'Explain closures');

    const replay = t.client();
    replay.cookies.set('ensemble_sid', guestCookie);
    const list = await replay.get('/api/threads/get_all_threads.php');
    expect(list.data.threads ?? []).toEqual([]);
    const other = await replay.post('/api/messages/get_messages.php', { thread_id: String(threadId), user_id: '-1' });
    // The replaced session grants nothing: refused, and the moved thread is not shown.
    expect(other.statusCode).toBe(401);
    expect(other.data.messages).toBeUndefined();
  });

  it('adopts nothing when a refused sign-in is attempted', async () => {
    const email = uniqueEmail();
    await t.client().post('/api/auth/register.php', { email, username: 'Kept', password: PASSWORD });
    const c = t.client();
    const { threadId, guestId } = await guestWithChat(c, 'Stay with me');
    const refused = await c.post('/api/auth/login.php', { email, password: 'wrong-password-here' });
    expect(refused.statusCode).toBe(401);
    expect(
      await t.ctx.db.kysely.selectFrom('threads').select(['user_id', 'guest_id']).where('id', '=', threadId).executeTakeFirstOrThrow(),
    ).toEqual({ user_id: null, guest_id: guestId });
    const guest = await t.ctx.db.kysely.selectFrom('guests').select('retired_at').where('id', '=', guestId).executeTakeFirstOrThrow();
    expect(guest.retired_at).toBeNull();
  });
});
