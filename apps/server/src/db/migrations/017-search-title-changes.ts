import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';
import { OWNER } from './012-message-search.js';

/** SQLite: (re)creates the trigger that re-indexes a thread's title, firing as `when` says. */
async function replaceSqliteTitleTrigger(db: Kysely<any>, when: string): Promise<void> {
  await sql`drop trigger if exists search_thread_title`.execute(db);
  await sql
    .raw(
      `create trigger search_thread_title after update of title on threads ${when} begin
         delete from search_index where rowid = -old.id;
         insert into search_index(rowid, owner, title, body) values (-new.id, ${OWNER('new')}, new.title, '');
       end`,
    )
    .execute(db);
}

/**
 * Every chat's admission updates its thread (count, leaf, and the title, which it sets to itself
 * unless this is the thread's first prompt), and a trigger "after update of title" fires whenever
 * the statement names the column, whatever its value. So each chat re-indexed its thread's title
 * for search: an FTS5 delete and insert on SQLite, a new tsvector and GIN entry on PostgreSQL. Now
 * the title is re-indexed only when it changes (or, as before, when the thread changes owner).
 */
export const searchTitleChanges = (dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    if (dialect === 'sqlite') {
      await replaceSqliteTitleTrigger(db, 'when new.title is not old.title');
      return;
    }
    await sql`drop trigger if exists search_thread_doc on threads`.execute(db);
    await sql`create trigger search_thread_doc after insert or delete on threads
      for each row execute function search_thread_doc()`.execute(db);
    await sql`create trigger search_thread_doc_update after update of title, user_id, guest_id on threads
      for each row when (old.title is distinct from new.title or old.user_id is distinct from new.user_id
        or old.guest_id is distinct from new.guest_id)
      execute function search_thread_doc()`.execute(db);
  },
  async down(db: Kysely<any>) {
    if (dialect === 'sqlite') {
      await replaceSqliteTitleTrigger(db, '');
      return;
    }
    await sql`drop trigger if exists search_thread_doc_update on threads`.execute(db);
    await sql`drop trigger if exists search_thread_doc on threads`.execute(db);
    await sql`create trigger search_thread_doc after insert or delete or update of title, user_id, guest_id on threads
      for each row execute function search_thread_doc()`.execute(db);
  },
});
