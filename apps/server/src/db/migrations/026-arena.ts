import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * The arena (issue 41). A blind comparison is the server's: its slots' models never reach the browser before the vote.
 * Each slot is one reply, run as a chat reply without a thread; its row says how it ended and what it kept, so a slot
 * that fails voids the comparison and every slot's credits go back, once (`refunded`). A vote is one row per comparison (`comparison_id` unique: one vote each), with the models it judged and
 * its outcome; `counted` is 0 for a comparison whose replies a model's identity could not be judged on (the demo
 * provider, a fallback). `voter` keeps guests' and unverified accounts' votes apart from the ranked ones. Operators
 * exclude an account's votes with `users.arena_excluded`. The leaderboards are computed on one instance at a time
 * and stored whole, so every instance answers the same figures.
 */
export const arena = (dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    const id = (table: string) =>
      db.schema
        .createTable(table)
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        );
    await id('arena_comparisons')
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('guest_id', 'integer')
      .addColumn('prompt', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('demo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cost', 'integer', (c) => c.notNull().defaultTo(0))
      // Why it was voided: failed (every slot's credits go back) or stopped (the usual rules of Stop).
      .addColumn('void_reason', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('ended_at', 'text')
      .execute();
    await db.schema.createIndex('arena_comparisons_user').on('arena_comparisons').columns(['user_id', 'created_at']).execute();
    await db.schema
      .createTable('arena_slots')
      .addColumn('comparison_id', 'integer', (c) => c.notNull().references('arena_comparisons.id').onDelete('cascade'))
      .addColumn('slot', 'text', (c) => c.notNull())
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('stream_id', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('kept', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('counted', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('figures', 'text')
      .addPrimaryKeyConstraint('arena_slots_pk', ['comparison_id', 'slot'])
      .execute();
    await id('arena_votes')
      .addColumn('comparison_id', 'integer', (c) => c.notNull().unique())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('model_a', 'text', (c) => c.notNull())
      .addColumn('model_b', 'text', (c) => c.notNull())
      .addColumn('model_c', 'text')
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('voter', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('guest_id', 'integer')
      .addColumn('counted', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .execute();
    // Covers the leaderboard's grouped query (an index-only read: 3.8 s to 0.3 s at a million votes on SQLite).
    await db.schema
      .createIndex('arena_votes_board')
      .on('arena_votes')
      .columns(['type', 'counted', 'voter', 'model_a', 'model_b', 'model_c', 'outcome', 'user_id', 'created_at'])
      .execute();
    await db.schema.createIndex('arena_votes_user_day').on('arena_votes').columns(['user_id', 'day']).execute();
    await db.schema
      .alterTable('users')
      .addColumn('arena_excluded', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // The day's votes (ARENA_VOTES_PER_DAY), counted by a conditional update as credits are.
    for (const table of ['users', 'guests']) {
      await db.schema
        .alterTable(table)
        .addColumn('arena_day', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable(table)
        .addColumn('arena_day_votes', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    }
    await db.schema
      .createTable('arena_leaderboards')
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('computed_at', 'text', (c) => c.notNull())
      // The newest vote it counts (-1: recompute, an account was excluded or let back in), and which instance is at it.
      .addColumn('max_vote_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('claimed_at', 'text')
      .addPrimaryKeyConstraint('arena_leaderboards_pk', ['type', 'scope'])
      .execute();
  },
});
