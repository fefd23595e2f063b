import type { Kysely, Migration } from 'kysely';

/**
 * The image arena (issue 41). A blind picture is stored like any other, with the comparison it belongs to in
 * `arena_comparison_id`: while that is set the picture stays out of My Assets, the zip download and the account export
 * (its row names the model). The vote, or a day without one, clears it. Each image slot keeps its picture's id.
 */
export const arenaImages = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('images').addColumn('arena_comparison_id', 'integer').execute();
    await db.schema.createIndex('images_arena_comparison').on('images').column('arena_comparison_id').execute();
    await db.schema.alterTable('arena_slots').addColumn('image_id', 'text').execute();
    // The sweep finds image comparisons left unvoted.
    await db.schema.createIndex('arena_comparisons_open').on('arena_comparisons').columns(['status', 'type', 'created_at']).execute();
  },
});
