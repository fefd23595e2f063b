import { ADMIN_PAGE_SIZE, type AdminAuditResponse } from '@ensemble/shared';
import type { Kysely, Transaction } from 'kysely';
import { now } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import type { Operator } from './operator-guard.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** One operator action as the audit log keeps it. */
export interface AuditEntry {
  action: string;
  /** What it acted on, e.g. "user:42" or "plan:pro". */
  target: string;
  reason: string;
  before: unknown;
  after: unknown;
}

/** Appends an entry to the audit log (inside the action's transaction, so neither exists without the other). */
export async function writeAudit(db: Executor, operator: Operator, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('admin_audit')
    .values({
      actor_user_id: operator.id,
      actor_email: operator.email,
      action: entry.action,
      target: entry.target,
      reason: entry.reason,
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
      created_at: now(),
    })
    .execute();
}

/** One page of the audit log, newest first. */
export async function listAudit(db: Executor, page: number): Promise<Omit<AdminAuditResponse, 'status'>> {
  const rows = await db
    .selectFrom('admin_audit')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE)
    .execute();
  const total = await db
    .selectFrom('admin_audit')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    entries: rows.map((r) => ({
      id: r.id,
      actor_email: r.actor_email,
      action: r.action,
      target: r.target,
      reason: r.reason,
      before: r.before_json ? JSON.parse(r.before_json) : null,
      after: r.after_json ? JSON.parse(r.after_json) : null,
      created_at: r.created_at,
    })),
    total: Number(total.n),
    page,
    page_size: ADMIN_PAGE_SIZE,
  };
}
