import { describe, expect, it } from 'vitest';
import { updateMessage } from '../../features/messages/store.js';
import { useMigrationDb } from '../../test/migration-db.js';
import { searchIndexed, seedGuestThread, seedStreamingReply } from '../../test/seed-rows.js';

describe('migration 016: a reply is indexed for search when it stops streaming', () => {
  const m = useMigrationDb();

  const indexed = (word: string) => searchIndexed(m.db, word, 'messages');

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
