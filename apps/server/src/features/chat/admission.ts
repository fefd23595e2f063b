import { type AspectRatio, DEFAULT_THREAD_TITLE, type ModelEntry, clampTitle, imagePromptTitle } from '@ensemble/shared';
import { type Transaction, sql } from 'kysely';
import { type Db, isForeignKeyViolation, now } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import { type Balance, chargeIn } from '../credits/service.js';
import { deleteMessageRow, insertMessage } from '../messages/store.js';
import { assertParentInThread } from '../messages/tree.js';
import type { Identity } from '../session/service.js';
import { type ThreadRow, loadOwnedThread, noThreadAccess } from '../threads/access.js';
import { openCharge, settleCharge } from './open-charges.js';
import { admitInOneStatement, admitsInOneStatement } from './admission-pg.js';
import { admitByProcedure } from './admission-sqlite.js';
import type { BranchRow } from './conversation.js';

/** What a chat request was admitted with: the charge taken and the rows written with it. */
export interface Admission {
  balance: Balance;
  thread: ThreadRow | null;
  userMessageId: number | null;
  /** The assistant reply placeholder (text replies in a thread only). */
  messageId: number | null;
  newTitle?: string;
  isFirst: boolean;
  /**
   * The branch the prompt follows, newest first, when the admission read it (the one-statement
   * admission does, on either database): the history then needs no query of its own.
   */
  branch?: BranchRow[];
}

export interface AdmissionRequest {
  threadId: number | null;
  model: ModelEntry;
  cost: number;
  reference: string;
  prompt: string;
  aspectRatio: AspectRatio;
  /** Metadata of the reply placeholder to create, or null for none (images, comparisons). */
  placeholder: Record<string, unknown> | null;
  /** Where the prompt goes: after this message (null: the thread's start); left out, the end of the shown branch. */
  parentId?: number | null;
  /** Regenerating: no new prompt is saved, and the reply follows this message (the earlier reply's parent). */
  regenerateParentId?: number | null;
}

/**
 * Takes the charge, saves the user message, titles a new thread, creates the reply placeholder and
 * records the open charge in one transaction: all of it commits or none of it does. A thread
 * deleted meanwhile gives 404 and takes nothing. Resolves to null when the balance is short.
 */
export async function admitChat(db: Db, who: Identity, r: AdmissionRequest): Promise<Admission | null> {
  if (admitsInOneStatement(r)) {
    const admitted = db.dialect === 'postgres' ? await admitInOneStatement(db, who, r) : await admitByProcedure(db, who, r);
    // Refused: nothing was written, and the transaction below answers why (a short balance or a guardrail).
    if (admitted !== 'refused') return admitted;
  }
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const thread = r.threadId ? await loadOwnedThread(trx, who, r.threadId, { lock: db.dialect === 'postgres' }) : null;
      const reason = r.model.type === 'image' ? 'image' : 'chat';
      const balance = await chargeIn(trx, who, r.cost, reason, r.model.id, r.reference);
      if (!balance) return null;
      const isFirst = thread ? thread.message_count === 0 : false;
      let userMessageId: number | null = null;
      let messageId: number | null = null;
      let newTitle: string | undefined;
      if (thread) {
        const regenerating = r.regenerateParentId !== undefined;
        if (r.parentId) await assertParentInThread(trx, thread.id, r.parentId);
        if (!regenerating) {
          userMessageId = await insertMessage(trx, {
            threadId: thread.id,
            role: 'user',
            type: 'text',
            content: r.prompt,
            model: r.model.id,
            metadata: r.model.type === 'image' ? { aspectRatio: r.aspectRatio, prompt: r.prompt } : null,
            ...(r.parentId !== undefined ? { parentId: r.parentId } : {}),
            touchThread: false,
          });
        }
        newTitle = isFirst ? firstMessageTitle(thread, r.model, r.prompt) : undefined;
        if (r.placeholder) {
          messageId = await insertMessage(trx, {
            threadId: thread.id,
            role: 'assistant',
            type: 'text',
            content: '',
            model: r.model.id,
            metadata: r.placeholder,
            status: 'streaming',
            parentId: regenerating ? (r.regenerateParentId ?? null) : userMessageId,
            touchThread: false,
          });
        }
        await touchThread(trx, thread.id, [userMessageId, messageId], newTitle);
      }
      await openCharge(trx, { reference: r.reference, who, amount: r.cost, model: r.model.id, messageId });
      return { balance, thread, userMessageId, messageId, newTitle, isFirst };
    });
  } catch (error) {
    // The row lock makes this rare on PostgreSQL; whatever slips through gets the same answer.
    if (isForeignKeyViolation(error)) throw noThreadAccess();
    throw error;
  }
}

/** Undoes an admission whose reply never started: the placeholder goes and the charge is refunded. */
export async function abandonAdmission(db: Db, admission: Admission, reference: string): Promise<void> {
  if (admission.messageId !== null && admission.thread) {
    await deleteMessageRow(db.kysely, admission.messageId, admission.thread.id);
  }
  await settleCharge(db, reference, 'refund');
}

/** Whether a database error is a foreign-key violation (the parent row is gone), in either dialect. */
export { isForeignKeyViolation };

/** The title a thread takes from its first message, unless the user already renamed it. */
function firstMessageTitle(thread: ThreadRow, model: ModelEntry, content: string): string | undefined {
  if (thread.title !== DEFAULT_THREAD_TITLE) return undefined;
  return promptTitle(model, content);
}

/** The title a first message gives its thread (before the rename check). */
export function promptTitle(model: ModelEntry, content: string): string {
  return model.type === 'image' ? imagePromptTitle(content) : clampTitle(content.replace(/\s+/g, ' '));
}

/**
 * One update of the thread for everything admitted: its count, update time and shown leaf (the
 * newest message written) and, for a first message, its title unless it was renamed meanwhile.
 */
async function touchThread(trx: Transaction<Database>, threadId: number, written: (number | null)[], title: string | undefined) {
  const ids = written.filter((id): id is number => id !== null);
  if (ids.length === 0 && title === undefined) return;
  await trx
    .updateTable('threads')
    .set({
      updated_at: now(),
      ...(ids.length ? { message_count: sql`message_count + ${ids.length}`, current_leaf_id: ids[ids.length - 1] as number } : {}),
      ...(title !== undefined ? { title: sql<string>`case when title = ${DEFAULT_THREAD_TITLE} then ${title} else title end` } : {}),
    })
    .where('id', '=', threadId)
    .execute();
}
