import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { now } from '../connection.js';
import { useMigrationDb } from '../../test/migration-db.js';
import { searchIndexed, seedGuestThread } from '../../test/seed-rows.js';

describe('migration 017: a thread title is re-indexed for search only when it changes', () => {
  const m = useMigrationDb();

  const found = (word: string) => searchIndexed(m.db, word, 'titles');

  /**
   * Runs an update of a thread and tells whether its title's index row was written again: on SQLite
   * the rows the update changed, triggers included (1: the thread alone; 3: and the index row's
   * delete and insert); on PostgreSQL whether the index row is a new version.
   */
  async function rewritesIndex(update: () => Promise<unknown>, threadId: number): Promise<boolean> {
    const k = m.db.kysely;
    if (m.db.dialect === 'sqlite') {
      const changes = async () => Number((await sql<{ n: number }>`select total_changes() as n`.execute(k)).rows[0]?.n);
      const before = await changes();
      await update();
      return (await changes()) - before > 1;
    }
    const version = async () =>
      (await sql<{ v: string }>`select xmin::text as v from search_docs where id = ${-threadId}`.execute(k)).rows[0]?.v;
    const before = await version();
    await update();
    return (await version()) !== before;
  }

  it('leaves the index alone when a chat sets the title to itself, and still follows renames and owners', async () => {
    const step = async (to: string) => expect((await m.migrator.migrateTo(to)).error).toBeUndefined();
    await step('016-search-finished-replies');
    const k = m.db.kysely;
    const { threadId } = await seedGuestThread(k, 'Puffins');
    // What each chat's admission does to its thread: the title named, set to what it was.
    const chatTouch = () =>
      sql`update threads set message_count = message_count + 2, title = case when message_count = 0 and title = 'New Chat' then 'Never' else title end
        where id = ${threadId}`.execute(k);
    const rename = (title: string) => k.updateTable('threads').set({ title }).where('id', '=', threadId).execute();
    await chatTouch();

    // Before: every chat wrote the title's index row again.
    expect(await rewritesIndex(chatTouch, threadId)).toBe(true);

    await step('017-search-title-changes');
    expect(await rewritesIndex(chatTouch, threadId)).toBe(false);
    expect(await found('puffins')).toEqual([threadId]);

    expect(await rewritesIndex(() => rename('Gannets'), threadId)).toBe(true);
    expect(await found('puffins')).toEqual([]);
    expect(await found('gannets')).toEqual([threadId]);

    // A guest's thread adopted by an account: indexed under its new owner.
    const user = await k
      .insertInto('users')
      .values({ email: 'adopter@example.com', username: 'adopter', credits: 100, created_at: now(), updated_at: now() } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const adopt = () => k.updateTable('threads').set({ user_id: user.id, guest_id: null }).where('id', '=', threadId).execute();
    expect(await rewritesIndex(adopt, threadId)).toBe(true);

    await step('016-search-finished-replies');
    expect(await rewritesIndex(chatTouch, threadId)).toBe(true);
    expect(await rewritesIndex(() => rename('Terns'), threadId)).toBe(true);
    expect(await found('terns')).toEqual([threadId]);
  });
});
