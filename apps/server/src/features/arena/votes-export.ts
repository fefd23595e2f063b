import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** Votes read per query while the download streams. */
const PAGE = 5000;

/**
 * votes.jsonl (issue 41): every counted vote of a type as one JSON line, oldest first: the models it judged, the
 * outcome, whether it is ranked (an account with a verified e-mail, not excluded) and its UTC day. No user data.
 * Read a page at a time by id, so a million votes stream without being held in memory.
 */
export function votesJsonLines(db: Kysely<Database>, type: 'text' | 'image'): Readable {
  async function* lines() {
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom('arena_votes')
        .leftJoin('users', 'users.id', 'arena_votes.user_id')
        .select([
          'arena_votes.id',
          'arena_votes.model_a',
          'arena_votes.model_b',
          'arena_votes.model_c',
          'arena_votes.outcome',
          'arena_votes.voter',
          'arena_votes.day',
          'users.arena_excluded',
        ])
        .where('arena_votes.type', '=', type)
        .where('arena_votes.counted', '=', 1)
        .where('arena_votes.id', '>', after)
        .orderBy('arena_votes.id')
        .limit(PAGE)
        .execute();
      if (rows.length === 0) return;
      let chunk = '';
      for (const r of rows) {
        const models = [r.model_a, r.model_b, ...(r.model_c ? [r.model_c] : [])];
        const ranked = r.voter === 'verified' && Number(r.arena_excluded ?? 0) === 0;
        chunk += `${JSON.stringify({ type, models, outcome: r.outcome, ranked, day: r.day })}\n`;
      }
      yield chunk;
      after = Number(rows[rows.length - 1]?.id);
      if (rows.length < PAGE) return;
    }
  }
  return Readable.from(lines());
}
