import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';
import { OWNER } from './012-message-search.js';

/** SQLite: (re)creates a trigger that indexes a message (first removing its old row on an update), firing as `when` says. */
async function replaceSqliteTrigger(
  db: Kysely<any>,
  name: 'search_message_insert' | 'search_message_content',
  when: string,
): Promise<void> {
  const unindex = name === 'search_message_content' ? 'delete from search_index where rowid = old.id;' : '';
  await sql.raw(`drop trigger if exists ${name}`).execute(db);
  await sql
    .raw(
      `create trigger ${name} ${when} begin
         ${unindex}
         insert into search_index(rowid, owner, title, body)
           select new.id, ${OWNER('t')}, '', new.content from threads t where t.id = new.thread_id;
       end`,
    )
    .execute(db);
}

/**
 * A streaming reply is saved about once a second, and each save re-indexed its whole text for
 * search (SQLite: an FTS5 delete and insert, about 180 µs at a few hundred words and growing with
 * the text; PostgreSQL: a new tsvector and GIN entry), after its empty placeholder had been indexed
 * too. Now a message's words are indexed when it is written or its text or status changes, unless
 * it is streaming: a reply is indexed once, when it ends (complete, stopped, failed or interrupted),
 * and search finds finished text.
 */
export const searchFinishedReplies = (dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    if (dialect === 'sqlite') {
      await replaceSqliteTrigger(db, 'search_message_insert', `after insert on messages when new.status is not 'streaming'`);
      await replaceSqliteTrigger(
        db,
        'search_message_content',
        `after update of content, status on messages when new.status is not 'streaming'`,
      );
      return;
    }
    await sql`drop trigger if exists search_message_doc on messages`.execute(db);
    await sql`create trigger search_message_doc after delete on messages
      for each row execute function search_message_doc()`.execute(db);
    await sql`create trigger search_message_doc_insert after insert on messages
      for each row when (new.status is distinct from 'streaming') execute function search_message_doc()`.execute(db);
    await sql`create trigger search_message_doc_update after update of content, status on messages
      for each row when (new.status is distinct from 'streaming') execute function search_message_doc()`.execute(db);
  },
  async down(db: Kysely<any>) {
    if (dialect === 'sqlite') {
      await replaceSqliteTrigger(db, 'search_message_insert', 'after insert on messages');
      await replaceSqliteTrigger(db, 'search_message_content', 'after update of content on messages');
      return;
    }
    await sql`drop trigger if exists search_message_doc_update on messages`.execute(db);
    await sql`drop trigger if exists search_message_doc_insert on messages`.execute(db);
    await sql`drop trigger if exists search_message_doc on messages`.execute(db);
    await sql`create trigger search_message_doc after insert or delete or update of content on messages
      for each row execute function search_message_doc()`.execute(db);
  },
});
