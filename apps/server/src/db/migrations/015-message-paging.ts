import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * Paged get_messages (issue 17): each message stores its depth on its branch, so a branch's length
 * is its leaf's depth + 1 and a page is a short walk up `parent_id`; and the credits a reply was
 * charged, so a thread's total is a sum over one index instead of parsing every reply's metadata.
 * The index serves a thread in id order with (parent_id, credits) read from it alone.
 */
export const messagePaging = (_dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('messages')
      .addColumn('depth', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('messages')
      .addColumn('credits', 'double precision', (c) => c.notNull().defaultTo(0))
      .execute();
    // Existing rows: a parent always has a smaller id, so one pass in id order sets every depth.
    let after = 0;
    const depth = new Map<number, number>();
    for (;;) {
      const rows: { id: number; parent_id: number | null; role: string; metadata: string | null }[] = await db
        .selectFrom('messages')
        .select(['id', 'parent_id', 'role', 'metadata'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(1000)
        .execute();
      if (rows.length === 0) break;
      for (const r of rows) {
        const d = r.parent_id === null ? 0 : (depth.get(r.parent_id) ?? -1) + 1;
        depth.set(r.id, d);
        const credits = r.role === 'assistant' ? creditsOf(r.metadata) : 0;
        if (d !== 0 || credits !== 0) await db.updateTable('messages').set({ depth: d, credits }).where('id', '=', r.id).execute();
      }
      after = (rows[rows.length - 1] as { id: number }).id;
    }
    await db.schema.createIndex('messages_thread_tree').on('messages').columns(['thread_id', 'id', 'parent_id', 'credits']).execute();
    // The covering index replaces the (thread_id, id) one of 001, which it serves as well.
    await db.schema.dropIndex('messages_thread').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.createIndex('messages_thread').on('messages').columns(['thread_id', 'id']).execute();
    await db.schema.dropIndex('messages_thread_tree').execute();
    await db.schema.alterTable('messages').dropColumn('credits').execute();
    await db.schema.alterTable('messages').dropColumn('depth').execute();
  },
});

function creditsOf(metadata: string | null): number {
  if (!metadata) return 0;
  try {
    const credits = (JSON.parse(metadata) as { credits?: unknown }).credits;
    return typeof credits === 'number' && Number.isFinite(credits) ? credits : 0;
  } catch {
    return 0;
  }
}
