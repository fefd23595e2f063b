import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';

/** The owner token a thread's index rows carry on SQLite ('u12' or 'g7'), so a search only reads the caller's rows. */
export const OWNER = (row: 'new' | 't') =>
  `case when ${row}.user_id is not null then 'u' || ${row}.user_id else 'g' || ${row}.guest_id end`;

/**
 * Full-text search of threads (issue 15). SQLite: one FTS5 table holding a row per message (rowid = the
 * message id) and a row per thread title (rowid = minus the thread id), each tagged with its owner,
 * kept in step by triggers on every insert, update and delete (a thread's delete cascades to its messages,
 * whose own triggers remove them). PostgreSQL: a search_docs table of unaccented tsvectors with a GIN
 * index, kept in step the same way by triggers; `unaccent` lives in the database (extensions are per
 * database, not per schema) behind an immutable wrapper in this schema.
 */
export const messageSearch = (dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    if (dialect === 'sqlite') {
      await sql`create virtual table search_index using fts5(owner, title, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '3')`.execute(
        db,
      );
      const statements = [
        `create trigger search_thread_insert after insert on threads begin
           insert into search_index(rowid, owner, title, body) values (-new.id, ${OWNER('new')}, new.title, '');
         end`,
        `create trigger search_thread_title after update of title on threads begin
           delete from search_index where rowid = -old.id;
           insert into search_index(rowid, owner, title, body) values (-new.id, ${OWNER('new')}, new.title, '');
         end`,
        `create trigger search_thread_owner after update of user_id, guest_id on threads
           when old.user_id is not new.user_id or old.guest_id is not new.guest_id begin
           delete from search_index where rowid = -old.id;
           insert into search_index(rowid, owner, title, body) values (-new.id, ${OWNER('new')}, new.title, '');
           delete from search_index where rowid in (select id from messages where thread_id = new.id);
           insert into search_index(rowid, owner, title, body)
             select id, ${OWNER('new')}, '', content from messages where thread_id = new.id;
         end`,
        `create trigger search_thread_delete after delete on threads begin
           delete from search_index where rowid = -old.id;
         end`,
        `create trigger search_message_insert after insert on messages begin
           insert into search_index(rowid, owner, title, body)
             select new.id, ${OWNER('t')}, '', new.content from threads t where t.id = new.thread_id;
         end`,
        `create trigger search_message_content after update of content on messages begin
           delete from search_index where rowid = old.id;
           insert into search_index(rowid, owner, title, body)
             select new.id, ${OWNER('t')}, '', new.content from threads t where t.id = new.thread_id;
         end`,
        `create trigger search_message_delete after delete on messages begin
           delete from search_index where rowid = old.id;
         end`,
      ];
      for (const s of statements) await sql.raw(s).execute(db);
      await sql
        .raw(`insert into search_index(rowid, owner, title, body) select -t.id, ${OWNER('t')}, t.title, '' from threads t`)
        .execute(db);
      await sql
        .raw(
          `insert into search_index(rowid, owner, title, body)
             select m.id, ${OWNER('t')}, '', m.content from messages m join threads t on t.id = m.thread_id`,
        )
        .execute(db);
      return;
    }
    // Two schemas migrating at once may both try to create it; the loser's error is swallowed in a sub-transaction.
    await sql`do $$ begin
        create extension if not exists unaccent with schema public;
      exception when unique_violation or duplicate_object then null;
      end $$`.execute(db);
    const found = await sql<{ nspname: string }>`select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'unaccent'`.execute(db);
    const ns = found.rows[0]?.nspname;
    if (!ns) throw new Error('The PostgreSQL extension unaccent is not available (it ships with PostgreSQL contrib)');
    const q = `"${ns.replaceAll('"', '""')}"`;
    // unaccent() is only STABLE (its dictionary could change); fixing the dictionary makes it safe to index.
    await sql
      .raw(
        `create or replace function search_unaccent(text) returns text language sql immutable parallel safe strict
         as $$ select ${q}.unaccent('${q}.unaccent'::regdictionary, $1) $$`,
      )
      .execute(db);
    // One row per message (id) and per thread title (minus the thread id): the unaccented words, the
    // title's weighted above a message's, plus a lexeme naming the owner that no text can produce
    // ('owner u12'), so a search asks the GIN index for the owner's rows and the words at once.
    await sql`create table search_docs (id bigint primary key, thread_id integer not null, tsv tsvector not null)`.execute(db);
    await sql`create index search_docs_tsv on search_docs using gin (tsv)`.execute(db);
    await sql`create index search_docs_thread on search_docs (thread_id)`.execute(db);
    const statements = [
      `create function search_owner(user_id integer, guest_id integer) returns tsvector language sql immutable parallel safe
         as $$ select array_to_tsvector(array[case when user_id is not null then 'owner u' || user_id else 'owner g' || guest_id end]) $$`,
      `create function search_text(body text, weight "char") returns tsvector language sql immutable parallel safe
         set search_path from current
         as $$ select setweight(to_tsvector('simple', search_unaccent(body)), weight) $$`,
      `create function search_message_doc() returns trigger language plpgsql set search_path from current as $$
       begin
         if tg_op = 'DELETE' then
           delete from search_docs where id = old.id;
           return null;
         end if;
         insert into search_docs (id, thread_id, tsv)
           select new.id, new.thread_id, search_text(new.content, 'D') || search_owner(t.user_id, t.guest_id)
           from threads t where t.id = new.thread_id
         on conflict (id) do update set thread_id = excluded.thread_id, tsv = excluded.tsv;
         return null;
       end $$`,
      `create trigger search_message_doc after insert or delete or update of content on messages
         for each row execute function search_message_doc()`,
      `create function search_thread_doc() returns trigger language plpgsql set search_path from current as $$
       begin
         if tg_op = 'DELETE' then
           delete from search_docs where id = -old.id or thread_id = old.id;
           return null;
         end if;
         insert into search_docs (id, thread_id, tsv)
           values (-new.id, new.id, search_text(new.title, 'A') || search_owner(new.user_id, new.guest_id))
         on conflict (id) do update set tsv = excluded.tsv;
         if tg_op = 'UPDATE' and (old.user_id is distinct from new.user_id or old.guest_id is distinct from new.guest_id) then
           update search_docs d set tsv = search_text(m.content, 'D') || search_owner(new.user_id, new.guest_id)
             from messages m where m.id = d.id and m.thread_id = new.id;
         end if;
         return null;
       end $$`,
      `create trigger search_thread_doc after insert or delete or update of title, user_id, guest_id on threads
         for each row execute function search_thread_doc()`,
      `insert into search_docs (id, thread_id, tsv)
         select -t.id, t.id, search_text(t.title, 'A') || search_owner(t.user_id, t.guest_id) from threads t`,
      `insert into search_docs (id, thread_id, tsv)
         select m.id, m.thread_id, search_text(m.content, 'D') || search_owner(t.user_id, t.guest_id)
         from messages m join threads t on t.id = m.thread_id`,
    ];
    for (const s of statements) await sql.raw(s).execute(db);
  },
  async down(db: Kysely<any>) {
    if (dialect === 'sqlite') {
      for (const t of [
        'search_thread_insert',
        'search_thread_title',
        'search_thread_owner',
        'search_thread_delete',
        'search_message_insert',
        'search_message_content',
        'search_message_delete',
      ])
        await sql.raw(`drop trigger if exists ${t}`).execute(db);
      await sql`drop table if exists search_index`.execute(db);
      return;
    }
    await sql`drop trigger if exists search_message_doc on messages`.execute(db);
    await sql`drop trigger if exists search_thread_doc on threads`.execute(db);
    await sql`drop table if exists search_docs`.execute(db);
    for (const f of [
      'search_message_doc()',
      'search_thread_doc()',
      'search_text(text, "char")',
      'search_owner(integer, integer)',
      'search_unaccent(text)',
    ])
      await sql.raw(`drop function if exists ${f}`).execute(db);
  },
});
