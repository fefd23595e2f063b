import { FOLDERS, FOLDER_PATHS, THREAD_ORGANIZE_PATHS } from '@ensemble/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOnTwoInstances } from '../../test/account-factory.js';
import { type TestApp, type TestClient, createTestApp } from '../../test/app-factory.js';

const CREATE = '/api/threads/create_thread.php';
const LIST = '/api/threads/get_all_threads.php';
const SAVE = '/api/messages/messages.php';

type ListedThread = { id: number; title: string; pinned: boolean; folder_id: number | null; archived: boolean };

describe('folders, pins and the archive (issue 42)', () => {
  let t: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // A second instance on the same database, as behind a load balancer.
    other = await createTestApp({}, { sharedWith: t });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  /** The same account signed in on both instances (one browser each). */
  const account = () => accountOnTwoInstances(t, other);

  /** A new thread with a message (its latest activity now). */
  async function thread(c: TestClient, title: string): Promise<number> {
    const made = await c.post(CREATE, { force: true, title });
    expect(made.statusCode).toBe(200);
    const id = made.data.thread_id as number;
    await new Promise((r) => setTimeout(r, 3));
    expect((await c.post(SAVE, { thread_id: id, content: `about ${title}`, role: 'user', type: 'text' })).statusCode).toBe(200);
    return id;
  }

  const list = async (c: TestClient, folder: string | number = 'all') => {
    const res = await c.get(`${LIST}?folder=${folder}&limit=200`);
    expect(res.statusCode, res.body).toBe(200);
    return res.data.threads as ListedThread[];
  };
  const titles = async (c: TestClient, folder: string | number = 'all') => (await list(c, folder)).map((x) => x.title);
  const organize = (c: TestClient, body: Record<string, unknown>) => c.post(THREAD_ORGANIZE_PATHS.organize, body);

  it('guests have none of it; a caller without a session is told to sign in', async () => {
    const guest = t.client();
    await guest.get('/api/auth/check_session.php');
    const refused = await guest.post(FOLDER_PATHS.create, { name: 'Work' });
    expect(refused.statusCode).toBe(403);
    expect(refused.data).toMatchObject({ status: 'error', message: 'Sign up to organise your chats into folders.' });
    expect((await t.client().get(FOLDER_PATHS.list)).statusCode).toBe(401);
  });

  it('pinned first in the order set, then by latest activity; the same on the other instance after a reload', async () => {
    const { c, d } = await account();
    const a = await thread(c, 'Alpha');
    const b = await thread(c, 'Beta');
    const g = await thread(c, 'Gamma');
    expect(await titles(c)).toEqual(['Gamma', 'Beta', 'Alpha']);
    // New activity moves a thread up.
    await c.post(SAVE, { thread_id: a, content: 'again', role: 'user', type: 'text' });
    expect(await titles(c)).toEqual(['Alpha', 'Gamma', 'Beta']);
    // Pinning puts threads on top; a newly pinned one goes to the top of the pins.
    expect((await organize(c, { thread_ids: [b], pinned: true })).data).toEqual({ status: 'success', changed: 1 });
    expect((await organize(c, { thread_ids: [g], pinned: true })).statusCode).toBe(200);
    expect(await titles(d)).toEqual(['Gamma', 'Beta', 'Alpha']);
    expect((await list(d)).map((x) => x.pinned)).toEqual([true, true, false]);
    // Dragged into a new order, on the other instance.
    expect((await d.post(THREAD_ORGANIZE_PATHS.pinOrder, { thread_ids: [b, g] })).statusCode).toBe(200);
    expect(await titles(c)).toEqual(['Beta', 'Gamma', 'Alpha']);
    // Activity does not move a pinned thread past another pin.
    await c.post(SAVE, { thread_id: g, content: 'more', role: 'user', type: 'text' });
    expect(await titles(c)).toEqual(['Beta', 'Gamma', 'Alpha']);
    // Only pinned threads can be ordered; unpinning drops it back among the rest.
    const notPinned = await c.post(THREAD_ORGANIZE_PATHS.pinOrder, { thread_ids: [a, b] });
    expect(notPinned.statusCode).toBe(400);
    await organize(c, { thread_ids: [b], pinned: false });
    expect(await titles(c)).toEqual(['Gamma', 'Alpha', 'Beta']);
  });

  it('folders: made, listed with counts, filled from either instance, recoloured, collapsed, ordered and deleted', async () => {
    const { c, d } = await account();
    const a = await thread(c, 'Taxes');
    const b = await thread(c, 'Holiday');
    const x = await thread(c, 'Loose');
    const work = (await c.post(FOLDER_PATHS.create, { name: '  Work  ', colour: 'blue' })).data.folder;
    expect(work).toMatchObject({ name: 'Work', colour: 'blue', collapsed: false, thread_count: 0, position: 0 });
    const home = (await d.post(FOLDER_PATHS.create, { name: 'Home' })).data.folder;
    expect(home).toMatchObject({ colour: 'gray', position: 1 });
    expect((await organize(d, { thread_ids: [a], folder_id: work.id })).statusCode).toBe(200);
    expect((await organize(c, { thread_ids: [b], folder_id: home.id, pinned: true })).statusCode).toBe(200);
    expect(await titles(c, work.id)).toEqual(['Taxes']);
    expect(await titles(c, home.id)).toEqual(['Holiday']);
    expect(await titles(c, 'none')).toEqual(['Loose']);
    expect((await list(c, home.id))[0]).toMatchObject({ pinned: true, folder_id: home.id });
    const folders = (await d.get(FOLDER_PATHS.list)).data.folders as { id: number; thread_count: number }[];
    expect(folders.map((f) => [f.id, f.thread_count])).toEqual([
      [work.id, 1],
      [home.id, 1],
    ]);
    const changed = await c.post(FOLDER_PATHS.update, { id: work.id, name: 'Office', colour: 'teal', collapsed: true });
    expect(changed.data.folder).toMatchObject({ name: 'Office', colour: 'teal', collapsed: true, thread_count: 1 });
    expect((await d.get(FOLDER_PATHS.list)).data.folders[0]).toMatchObject({ name: 'Office', collapsed: true });
    const ordered = await d.post(FOLDER_PATHS.order, { folder_ids: [home.id, work.id] });
    expect(ordered.data.folders.map((f: { name: string }) => f.name)).toEqual(['Home', 'Office']);
    // Deleting a folder keeps its threads, back in the main list.
    expect((await c.post(FOLDER_PATHS.remove, { id: work.id })).statusCode).toBe(200);
    // Moving threads never changed their latest activity: Loose was written last.
    expect(await titles(c, 'none')).toEqual(['Loose', 'Taxes']);
    expect(x).toBeGreaterThan(a);
    expect((await d.get(FOLDER_PATHS.list)).data.folders.map((f: { name: string }) => f.name)).toEqual(['Home']);
    // Back to the main list.
    await organize(c, { thread_ids: [b], folder_id: null });
    expect(await titles(c, home.id)).toEqual([]);
  });

  it('archive hides threads from every list, the Archived view and search show them, and they come back', async () => {
    const { c, d } = await account();
    const keep = await thread(c, 'Keep me');
    const old = await thread(c, 'Quarterly zebra report');
    const folder = (await c.post(FOLDER_PATHS.create, { name: 'Reports' })).data.folder;
    await organize(c, { thread_ids: [old], folder_id: folder.id, pinned: true });
    expect((await organize(d, { thread_ids: [old], archived: true })).statusCode).toBe(200);
    expect(await titles(c)).toEqual(['Keep me']);
    expect(await titles(c, folder.id)).toEqual([]);
    expect((await c.get(FOLDER_PATHS.list)).data.folders[0].thread_count).toBe(0);
    expect(await list(c, 'archived')).toEqual([expect.objectContaining({ id: old, archived: true, pinned: true, folder_id: folder.id })]);
    const found = (await c.get('/api/search.php?q=zebra')).data.results as { thread_id: number; archived: boolean }[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => r.thread_id === old && r.archived)).toBe(true);
    const kept = (await c.get('/api/search.php?q=keep')).data.results as { archived: boolean }[];
    expect(kept.every((r) => r.archived === false)).toBe(true);
    await organize(c, { thread_ids: [old], archived: false });
    expect(await titles(d, folder.id)).toEqual(['Quarterly zebra report']);
    expect(await list(d, 'archived')).toEqual([]);
    expect(keep).toBeGreaterThan(0);
  });

  it("changes to many apply to all or none: another's thread or folder is 404 and changes nothing", async () => {
    const { c } = await account();
    const mine = [await thread(c, 'One'), await thread(c, 'Two')];
    const { c: them } = await account();
    const theirs = await thread(them, 'Theirs');
    const theirFolder = (await them.post(FOLDER_PATHS.create, { name: 'Private' })).data.folder;
    const mixed = await organize(c, { thread_ids: [...mine, theirs], archived: true });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.data.message).toBe('Thread not found');
    expect(await titles(c)).toEqual(['Two', 'One']);
    expect((await organize(c, { thread_ids: mine, folder_id: theirFolder.id })).statusCode).toBe(404);
    expect(await titles(c, 'none')).toEqual(['Two', 'One']);
    expect((await c.post(FOLDER_PATHS.update, { id: theirFolder.id, name: 'Mine now' })).statusCode).toBe(404);
    expect((await c.post(FOLDER_PATHS.remove, { id: theirFolder.id })).statusCode).toBe(404);
    expect((await c.post(FOLDER_PATHS.order, { folder_ids: [theirFolder.id] })).statusCode).toBe(404);
    const refused = await c.post(THREAD_ORGANIZE_PATHS.removeMany, { thread_ids: [...mine, theirs] });
    expect(refused.statusCode).toBe(404);
    expect(await titles(c)).toEqual(['Two', 'One']);
    expect(await titles(them)).toEqual(['Theirs']);
    // Bad input is a 400 that changes nothing.
    for (const body of [
      { thread_ids: mine },
      { thread_ids: [], archived: true },
      { thread_ids: mine, archived: 'yes' },
      { thread_ids: mine, colour: 'red' },
    ])
      expect((await organize(c, body)).statusCode).toBe(400);
    expect((await c.post(FOLDER_PATHS.create, { name: ' ' })).statusCode).toBe(400);
    expect((await c.post(FOLDER_PATHS.create, { name: 'x'.repeat(FOLDERS.nameMax + 1) })).statusCode).toBe(400);
    expect((await c.post(FOLDER_PATHS.create, { name: 'Pink', colour: 'chartreuse' })).statusCode).toBe(400);
    expect((await c.get(`${LIST}?folder=nope`)).statusCode).toBe(400);
    // Then the whole batch goes at once.
    const deleted = await c.post(THREAD_ORGANIZE_PATHS.removeMany, { thread_ids: mine });
    expect(deleted.data).toEqual({ status: 'success', changed: 2 });
    expect(await titles(c)).toEqual([]);
  });

  it('pins and folders made at once on two instances stay whole: distinct places, and at most the folder limit', async () => {
    const { c, d } = await account();
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await thread(c, `T${i}`));
    await Promise.all(ids.map((id, i) => organize(i % 2 ? c : d, { thread_ids: [id], pinned: true })));
    const rows = await t.ctx.db.kysely.selectFrom('threads').select('pin_position').where('id', 'in', ids).execute();
    expect(new Set(rows.map((r) => r.pin_position)).size).toBe(6);
    expect((await list(c)).every((x) => x.pinned)).toBe(true);
    const made = await Promise.all(
      Array.from({ length: FOLDERS.max + 5 }, (_, i) => (i % 2 ? c : d).post(FOLDER_PATHS.create, { name: `F${i}` })),
    );
    expect(made.filter((r) => r.statusCode === 200)).toHaveLength(FOLDERS.max);
    const over = made.filter((r) => r.statusCode === 400);
    expect(over).toHaveLength(5);
    expect(over[0]?.data.message).toBe(`You can have at most ${FOLDERS.max} folders.`);
    const positions = ((await c.get(FOLDER_PATHS.list)).data.folders as { position: number }[]).map((f) => f.position);
    expect(new Set(positions).size).toBe(FOLDERS.max);
  });
});
