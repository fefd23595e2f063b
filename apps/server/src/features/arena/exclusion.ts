import { AppError } from '@ensemble/shared';
import type { Db } from '../../db/connection.js';
import { writeAudit } from '../admin/audit.js';
import type { Operator } from '../admin/operator-guard.js';

/**
 * arena_exclude.php (issue 41): an operator leaves an account's votes out of the ranking, or lets them back in,
 * recorded in the audit log. Every stored leaderboard is marked stale, so the next recompute (on whichever instance)
 * drops or restores them.
 */
export async function setArenaExcluded(db: Db, operator: Operator, userId: number, excluded: boolean, reason: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('users').select('arena_excluded').where('id', '=', userId).executeTakeFirst();
    if (!before) throw new AppError('not_found', 'No account with this id');
    const was = Number(before.arena_excluded) === 1;
    if (was === excluded) return;
    await trx
      .updateTable('users')
      .set({ arena_excluded: excluded ? 1 : 0 })
      .where('id', '=', userId)
      .execute();
    await trx.updateTable('arena_leaderboards').set({ max_vote_id: -1 }).execute();
    await writeAudit(trx, operator, {
      action: excluded ? 'arena_exclude' : 'arena_include',
      target: `user:${userId}`,
      reason,
      before: { arena_excluded: was },
      after: { arena_excluded: excluded },
    });
  });
}
