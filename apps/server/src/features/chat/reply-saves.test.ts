import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/app-factory.js';
import { seedGuestThread, seedStreamingReply } from '../../test/seed-rows.js';
import { findMessage, updateMessage } from '../messages/store.js';
import { ReplySaves } from './reply-saves.js';

describe('ReplySaves: the periodic saves of streaming replies, batched', () => {
  let t: TestApp;
  let threadId: number;
  beforeAll(async () => {
    t = await createTestApp();
    ({ threadId } = await seedGuestThread(t.ctx.db.kysely));
  });
  afterAll(async () => t.close());

  const reply = (content = '') => seedStreamingReply(t.ctx.db.kysely, threadId, content);
  const contentOf = async (id: number) => (await findMessage(t.ctx.db.kysely, id))?.content;

  it('writes the latest text of every reply that saved within the window in one statement', async () => {
    const ids = await Promise.all(Array.from({ length: 30 }, () => reply()));
    const saves = new ReplySaves(t.ctx.db);
    // On SQLite the first batch also makes its procedure on the connection.
    await saves.save(await reply(), 'warm');
    const seen: string[] = [];
    t.ctx.db.observe = (sql) => seen.push(sql);
    try {
      const done = ids.flatMap((id) => [saves.save(id, `first of ${id}`), saves.save(id, `text of ${id}: "quoted", 'single', ünïcode`)]);
      await Promise.all(done);
    } finally {
      t.ctx.db.observe = undefined;
    }
    expect(seen.filter((s) => !/^\s*(begin|commit)/i.test(s))).toHaveLength(1);
    for (const id of ids) expect(await contentOf(id)).toBe(`text of ${id}: "quoted", 'single', ünïcode`);
  });

  it('never writes over a reply that is no longer streaming, and drops a save its final save replaces', async () => {
    const [ended, dropped, kept] = [await reply('final text'), await reply('so far'), await reply()];
    await updateMessage(t.ctx.db.kysely, ended, { status: 'complete' });
    const saves = new ReplySaves(t.ctx.db);
    const all = Promise.all([saves.save(ended, 'a late partial'), saves.save(dropped, 'never written'), saves.save(kept, 'kept text')]);
    saves.drop(dropped);
    await all;
    expect(await contentOf(ended)).toBe('final text');
    expect((await findMessage(t.ctx.db.kysely, ended))?.status).toBe('complete');
    expect(await contentOf(dropped)).toBe('so far');
    expect(await contentOf(kept)).toBe('kept text');
  });

  it('fails the saves of a batch that could not be written, and writes the next one', async () => {
    const id = await reply('before');
    const saves = new ReplySaves(t.ctx.db);
    const broken = saves.save(id, 'x'.repeat(10));
    t.ctx.db.observe = () => {
      throw new Error('the database went away');
    };
    try {
      await expect(broken).rejects.toThrow('the database went away');
    } finally {
      t.ctx.db.observe = undefined;
    }
    await saves.save(id, 'after');
    expect(await contentOf(id)).toBe('after');
  });
});
