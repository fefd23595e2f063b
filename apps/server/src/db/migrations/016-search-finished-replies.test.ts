import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { updateMessage } from '../../features/messages/store.js';
import { useMigrationDb } from '../../test/migration-db.js';
import { seedGuestThread, seedStreamingReply } from '../../test/seed-rows.js';

describe('migration 016: a reply is indexed for search when it stops streaming', () => {
  const m = useMigrationDb();

  /** The ids of the messages whose indexed words include `word`. */
  async function indexed(word: string): Promise<number[]> {
    const k = m.db.kysely;
    const rows =
      m.db.dialect === 'sqlite'
        ? await sql<{ id: number }>`select rowid as id from search_index where search_index match ${word} and rowid > 0`.execute(k)
        : await sql<{ id: number }>`select id from search_docs where tsv @@ to_tsquery('simple', ${word}) and id > 0`.execute(k);
    return rows.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  }

  it('skips streaming writes after it, indexes them again after its down, and once more after a second up', async () => {
    const step = async (to: string) => expect((await m.migrator.migrateTo(to)).error).toBeUndefined();
    await step('016-search-finished-replies');
    const k = m.db.kysely;
    const { threadId } = await seedGuestThread(k, 'Birds');
    const reply = (content: string) => seedStreamingReply(k, threadId, content);

    const a = await reply('puffins');
    await updateMessage(k, a, { content: 'puffins nest', status: 'streaming' });
    expect(await indexed('puffins')).toEqual([]);
    await updateMessage(k, a, { status: 'complete' });
    expect(await indexed('puffins')).toEqual([a]);

    await step('015-message-paging');
    const b = await reply('gannets');
    expect(await indexed('gannets')).toEqual([b]);
    await updateMessage(k, b, { content: 'gannets dive', status: 'streaming' });
    expect(await indexed('dive')).toEqual([b]);

    await step('016-search-finished-replies');
    const c = await reply('');
    await updateMessage(k, c, { content: 'terns migrate', status: 'streaming' });
    expect(await indexed('terns')).toEqual([]);
    await k.deleteFrom('messages').where('id', '=', a).execute();
    expect(await indexed('puffins')).toEqual([]);
    await updateMessage(k, c, { status: 'stopped' });
    expect(await indexed('terns')).toEqual([c]);
  });
});
