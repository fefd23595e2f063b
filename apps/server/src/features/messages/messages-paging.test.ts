import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewAccount } from '../../test/account-factory.js';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';

const CREATE = '/api/threads/create_thread.php';
const GET = '/api/messages/get_messages.php';
const SAVE = '/api/messages/messages.php';
const BRANCH = '/api/messages/switch_branch.php';

type Page = {
  messages: { id: number; content: string }[];
  status?: string;
  message?: string;
  has_more?: boolean;
  has_more_after?: boolean;
  total?: number;
  thread: any;
};

describe('get_messages paging (issue 17)', () => {
  let t: TestApp;
  let c: TestClient;
  let threadId: number;
  /** The shown branch's ids, oldest first: 30 messages, with an older version branching off at #10. */
  let branch: number[];
  let otherVersion: number;

  beforeAll(async () => {
    t = await createTestApp();
    c = t.client();
    await signInNewAccount(t, c);
    threadId = (await c.post(CREATE, { force: true })).data.thread_id;
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push((await c.post(SAVE, { thread_id: threadId, content: `m${i}` })).data.message_id);
    // Another version after m9 (a paid reply), written straight into the tree as a regenerate would.
    otherVersion = (
      await t.ctx.db.kysely
        .insertInto('messages')
        .values({
          thread_id: threadId,
          parent_id: ids[9] as number,
          depth: 10,
          credits: 3,
          role: 'assistant',
          type: 'text',
          content: 'other version',
          model: null,
          metadata: JSON.stringify({ credits: 3 }),
          status: 'complete',
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    for (let i = 10; i < 30; i++) {
      // The next save continues the shown branch (its end), so point the thread back at the main line first.
      if (i === 10)
        await t.ctx.db.kysely
          .updateTable('threads')
          .set({ current_leaf_id: ids[9] as number })
          .where('id', '=', threadId)
          .execute();
      ids.push((await c.post(SAVE, { thread_id: threadId, content: `m${i}` })).data.message_id);
    }
    branch = ids;
  });
  afterAll(async () => t.close());

  const page = async (query: string, client = c): Promise<{ statusCode: number; data: Page }> => {
    const res = await client.get(`${GET}?thread_id=${threadId}&${query}`);
    return { statusCode: res.statusCode, data: res.data };
  };
  const idsOf = (p: Page) => p.messages.map((m) => m.id);

  it('answers the whole shown branch without limit, as before', async () => {
    const res = await c.get(`${GET}?thread_id=${threadId}`);
    expect(res.statusCode).toBe(200);
    expect(res.data.messages.map((m: { id: number }) => m.id)).toEqual(branch);
    expect(res.data.has_more).toBeUndefined();
    expect(res.data.total).toBeUndefined();
  });

  it('pages back through the shown branch with before_id, never into another version', async () => {
    const first = await page('limit=12');
    expect(first.statusCode).toBe(200);
    expect(idsOf(first.data)).toEqual(branch.slice(18));
    expect(first.data).toMatchObject({ has_more: true, has_more_after: false, total: 30 });
    expect(first.data.thread).toMatchObject({ id: threadId, message_count: 30, current_leaf_id: branch[29], total_credits: 3 });

    const second = await page(`limit=12&before_id=${branch[18]}`);
    expect(idsOf(second.data)).toEqual(branch.slice(6, 18));
    expect(second.data.has_more).toBe(true);
    expect(idsOf(second.data)).not.toContain(otherVersion);
    const m10 = second.data.messages.find((m) => m.id === branch[10]) as unknown as { sibling_ids: number[] };
    expect(m10.sibling_ids).toEqual([branch[10], otherVersion].sort((a, b) => (a as number) - (b as number)));

    const last = await page(`limit=12&before_id=${branch[6]}`);
    expect(idsOf(last.data)).toEqual(branch.slice(0, 6));
    expect(last.data).toMatchObject({ has_more: false, total: 30 });
    expect(last.data.messages[0]?.content).toBe('m0');
  });

  it('pages the branch the thread shows after a switch', async () => {
    const switched = await c.post(BRANCH, { message_id: otherVersion });
    expect(switched.statusCode).toBe(200);
    const p = await page('limit=5');
    expect(idsOf(p.data)).toEqual([...branch.slice(6, 10), otherVersion]);
    expect(p.data).toMatchObject({ has_more: true, total: 11 });
    // A message of the other branch is not on the shown one.
    const bad = await page(`limit=5&before_id=${branch[20]}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.data.message).toMatch(/before_id: not a message of the shown branch/);
    expect((await c.post(BRANCH, { message_id: branch[29] })).statusCode).toBe(200);
  });

  it('centres a page on around_id, clamped at either end', async () => {
    const mid = await page(`limit=5&around_id=${branch[15]}`);
    expect(idsOf(mid.data)).toEqual(branch.slice(13, 18));
    expect(mid.data).toMatchObject({ has_more: true, has_more_after: true, total: 30 });
    const start = await page(`limit=5&around_id=${branch[1]}`);
    expect(idsOf(start.data)).toEqual(branch.slice(0, 5));
    expect(start.data).toMatchObject({ has_more: false, has_more_after: true });
    const end = await page(`limit=5&around_id=${branch[29]}`);
    expect(idsOf(end.data)).toEqual(branch.slice(25));
    expect(end.data).toMatchObject({ has_more: true, has_more_after: false });
    const byPost = await c.post(GET, { thread_id: String(threadId), limit: '3', around_id: String(branch[15]) });
    expect(byPost.data.messages.map((m: { id: number }) => m.id)).toEqual(branch.slice(14, 17));
  });

  it('refuses bad paging parameters with 400', async () => {
    for (const q of [
      'limit=0',
      'limit=201',
      'limit=abc',
      'limit=2.5',
      `before_id=${branch[3]}`,
      `around_id=${branch[3]}`,
      `limit=5&before_id=${branch[3]}&around_id=${branch[4]}`,
      'limit=5&before_id=-1',
    ]) {
      const res = await page(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.data.status, q).toBe('error');
    }
    const missing = await page('limit=5&before_id=2147483647');
    expect(missing.statusCode).toBe(400);
  });

  it("never pages someone else's thread, nor reaches into it through before_id", async () => {
    const other = t.client();
    await signInNewAccount(t, other);
    const res = await page('limit=5', other);
    expect(res.statusCode).toBe(403);
    expect(res.data.messages).toBeUndefined();
    const ownThread = (await other.post(CREATE, { force: true })).data.thread_id;
    await other.post(SAVE, { thread_id: ownThread, content: 'mine' });
    const probe = await other.get(`${GET}?thread_id=${ownThread}&limit=5&around_id=${branch[3]}`);
    expect(probe.statusCode).toBe(400);
    expect(JSON.stringify(probe.data)).not.toContain('m3');
  });

  it('answers an empty thread with an empty page', async () => {
    const empty = (await c.post(CREATE, { force: true })).data.thread_id;
    const res = await c.get(`${GET}?thread_id=${empty}&limit=20`);
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ messages: [], has_more: false, has_more_after: false, total: 0 });
  });
});
