import type { SearchResult } from '@ensemble/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Identity } from '../session/service.js';
import { buildSnippet, ftsExpression, isPrefix, queryTerms } from './terms.js';

/** A ranked hit before its text is read: a message id, or minus a thread id for a title. */
interface Hit {
  rid: number;
}

/**
 * Searches the caller's threads (an account's, or a guest's own) by title and message text: every
 * word must occur, the last one may be the start of a word, accents and case are ignored. Ranks
 * with bm25 (SQLite) or ts_rank (PostgreSQL), titles weighted above messages, then reads the text
 * and builds snippets for the `limit` best hits only.
 */
export async function searchThreads(db: Db, who: Identity, q: string, limit: number): Promise<SearchResult[]> {
  const terms = queryTerms(q);
  if (terms.length === 0) return [];
  const hits = db.dialect === 'sqlite' ? await rankSqlite(db, who, terms, limit) : await rankPostgres(db, who, terms, limit);
  if (hits.length === 0) return [];
  return readHits(db, who, hits, terms);
}

async function rankSqlite(db: Db, who: Identity, terms: string[], limit: number): Promise<Hit[]> {
  const owner = who.kind === 'user' ? `u${who.userId}` : `g${who.guestId}`;
  const res = await sql<Hit>`select rowid as rid from search_index where search_index match ${ftsExpression(owner, terms)}
    order by bm25(search_index, 0.0, 10.0, 1.0), rowid desc limit ${limit}`.execute(db.kysely);
  return res.rows;
}

async function rankPostgres(db: Db, who: Identity, terms: string[], limit: number): Promise<Hit[]> {
  const k = db.kysely;
  // The words are unaccented one by one and only then quoted (unaccent may turn a letter into a quote),
  // the last marked as a prefix; words the parser finds nothing in drop out.
  const built = await sql<{ q: string | null }>`select to_tsquery('simple', string_agg(
      chr(39) || replace(replace(search_unaccent(t.term), chr(92), chr(92) || chr(92)), chr(39), chr(39) || chr(39)) || chr(39) || t.suffix,
      ' & ' order by t.n))::text as q
    from unnest(${terms}::text[], ${terms.map((_, i) => (isPrefix(terms, i) ? ':*' : ''))}::text[]) with ordinality as t(term, suffix, n)`.execute(
    k,
  );
  const words = built.rows[0]?.q;
  if (!words) return [];
  const owner = who.kind === 'user' ? `'owner u${who.userId}'` : `'owner g${who.guestId}'`;
  // The owner's lexeme and the words in one GIN lookup; ts_rank weighs title (A) over message (D) words.
  const res = await sql<Hit>`select id as rid from search_docs
    where tsv @@ (${owner}::tsquery && ${words}::tsquery)
    order by ts_rank(tsv, ${words}::tsquery) desc, id desc
    limit ${limit}`.execute(k);
  return res.rows;
}

/** Reads the text of the ranked hits (still only the caller's) and answers them in rank order. */
async function readHits(db: Db, who: Identity, hits: Hit[], terms: string[]): Promise<SearchResult[]> {
  const k = db.kysely;
  const messageIds = hits.filter((h) => h.rid > 0).map((h) => h.rid);
  const threadIds = hits.filter((h) => h.rid < 0).map((h) => -h.rid);
  const ownerColumn = who.kind === 'user' ? 't.user_id' : 't.guest_id';
  const ownerId = who.kind === 'user' ? who.userId : who.guestId;
  const messages =
    messageIds.length === 0
      ? []
      : await k
          .selectFrom('messages as m')
          .innerJoin('threads as t', 't.id', 'm.thread_id')
          .select(['m.id', 'm.thread_id', 'm.content', 'm.created_at', 't.title', 't.archived_at'])
          .where('m.id', 'in', messageIds)
          .where(ownerColumn, '=', ownerId)
          .execute();
  const threads =
    threadIds.length === 0
      ? []
      : await k
          .selectFrom('threads as t')
          .select(['t.id', 't.title', 't.created_at', 't.archived_at'])
          .where('t.id', 'in', threadIds)
          .where(ownerColumn, '=', ownerId)
          .execute();
  const byMessage = new Map(messages.map((m) => [m.id, m]));
  const byThread = new Map(threads.map((t) => [t.id, t]));
  const out: SearchResult[] = [];
  for (const { rid } of hits) {
    if (rid > 0) {
      const m = byMessage.get(rid);
      if (m)
        out.push({
          thread_id: m.thread_id,
          message_id: m.id,
          title: m.title,
          created_at: m.created_at,
          archived: m.archived_at !== null,
          ...buildSnippet(m.content, terms),
        });
    } else {
      const t = byThread.get(-rid);
      if (t)
        out.push({
          thread_id: t.id,
          message_id: null,
          title: t.title,
          created_at: t.created_at,
          archived: t.archived_at !== null,
          ...buildSnippet(t.title, terms),
        });
    }
  }
  return out;
}
