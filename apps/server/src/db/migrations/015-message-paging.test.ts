import { describe, expect, it } from 'vitest';
import { now } from '../connection.js';
import { useMigrationDb } from '../../test/migration-db.js';

describe('migration 015: messages get their depth and credits', () => {
  const m = useMigrationDb();

  it('sets the depth of every message along its branch and the credits of paid replies, then pages with them', async () => {
    expect((await m.migrator.migrateTo('008-operators')).error).toBeUndefined();
    const k = m.db.kysely;
    const t = now();
    const guest = await k
      .insertInto('guests')
      .values({ credits: 25, credits_used: 0, client_address: '10.0.0.1', retired_at: null, created_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    const thread = await k
      .insertInto('threads')
      .values({
        user_id: null,
        guest_id: guest.id,
        title: 'Old',
        message_count: 5,
        current_leaf_id: null,
        system_prompt: null,
        temperature: null,
        max_output_tokens: null,
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const add = async (parentId: number | null, role: 'user' | 'assistant', metadata: string | null) =>
      (
        await k
          .insertInto('messages')
          .values({
            thread_id: thread.id,
            parent_id: parentId,
            role,
            type: 'text',
            content: role,
            model: null,
            metadata,
            status: 'complete',
            created_at: t,
            updated_at: t,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const q = await add(null, 'user', JSON.stringify({ credits: 9 }));
    const a1 = await add(q, 'assistant', JSON.stringify({ credits: 2, ttft_ms: 5 }));
    const a2 = await add(q, 'assistant', JSON.stringify({ credits: 'two' }));
    const q2 = await add(a1, 'user', null);
    const a3 = await add(q2, 'assistant', '{not json');

    expect((await m.migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await k.selectFrom('messages').select(['id', 'depth', 'credits']).orderBy('id').execute();
    expect(rows.map((r) => [r.id, r.depth, Number(r.credits)])).toEqual([
      [q, 0, 0],
      [a1, 1, 2],
      [a2, 1, 0],
      [q2, 2, 0],
      [a3, 3, 0],
    ]);
  });
});
