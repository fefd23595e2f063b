import { type Kysely, sql } from 'kysely';
import { type Db, now } from '../db/connection.js';
import type { Database } from '../db/types.js';
import { insertMessage } from '../features/messages/store.js';

/** A guest and an empty thread of theirs, written straight into the database (for migration tests and benches). */
export async function seedGuestThread(k: Kysely<Database>, title = 'Seeded'): Promise<{ guestId: number; threadId: number }> {
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
      title,
      message_count: 0,
      current_leaf_id: null,
      system_prompt: null,
      temperature: null,
      max_output_tokens: null,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { guestId: guest.id, threadId: thread.id };
}

/** A gpt-4o reply still being streamed at the end of a thread, with `content` saved so far. */
export function seedStreamingReply(k: Kysely<Database>, threadId: number, content = ''): Promise<number> {
  return insertMessage(k, { threadId, role: 'assistant', type: 'text', content, model: 'gpt-4o', metadata: null, status: 'streaming' });
}

/**
 * The ids whose search-index rows hold `word`: messages' (index rows keyed by the message id) or
 * threads' titles (keyed by minus the thread id), on either database.
 */
export async function searchIndexed(db: Db, word: string, of: 'messages' | 'titles'): Promise<number[]> {
  const k = db.kysely;
  const sign = of === 'messages' ? 1 : -1;
  const side = sql.raw(of === 'messages' ? '> 0' : '< 0');
  const rows =
    db.dialect === 'sqlite'
      ? await sql<{ id: number }>`select rowid as id from search_index where search_index match ${word} and rowid ${side}`.execute(k)
      : await sql<{ id: number }>`select id from search_docs where tsv @@ to_tsquery('simple', ${word}) and id ${side}`.execute(k);
  return rows.rows.map((r) => Number(r.id) * sign).sort((a, b) => a - b);
}
