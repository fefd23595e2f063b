import type { Message, MessageMetadata } from '@ensemble/shared';
import { type Kysely, type RawBuilder, type Selectable, type Transaction, sql } from 'kysely';
import { hotQuery, now } from '../../db/connection.js';
import type { Database, MessagesTable } from '../../db/types.js';
import { deleteBranch } from './tree.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type MessageRow = Selectable<MessagesTable>;

export interface NewMessage {
  threadId: number;
  role: 'user' | 'assistant';
  type: 'text' | 'image';
  content: string;
  model: string | null;
  metadata: MessageMetadata | null;
  status?: 'complete' | 'streaming' | 'error';
  /** The message this one follows (null: a first message); left out, the end of the shown branch. */
  parentId?: number | null;
  /** False: the caller updates the thread (count, update time, shown leaf) itself, once for several inserts. */
  touchThread?: boolean;
}

/**
 * The end of a thread's shown branch as SQL: its stored leaf while that exists, else its newest
 * message. The thread is an id, or SQL naming one (SQLite's admission trigger passes `new.thread_id`).
 */
export function shownLeafSql(threadId: number | RawBuilder<number>) {
  return sql<number | null>`coalesce(
    (select t.current_leaf_id from threads t where t.id = ${threadId}
       and exists (select 1 from messages x where x.id = t.current_leaf_id and x.thread_id = ${threadId})),
    (select max(x.id) from messages x where x.thread_id = ${threadId}))`;
}

/**
 * Inserts a message, makes it the end of the thread's shown branch and bumps the thread's count and
 * update time; returns the new id.
 */
export async function insertMessage(db: Executor, m: NewMessage): Promise<number> {
  const t = now();
  // Left out, the parent is found by the insert itself (no read first).
  const parentId = m.parentId === undefined ? shownLeafSql(m.threadId) : m.parentId;
  const row = await db
    .insertInto('messages')
    .values({
      thread_id: m.threadId,
      parent_id: parentId,
      depth: parentId === null ? 0 : sql<number>`coalesce((select p.depth + 1 from messages p where p.id = ${parentId}), 0)`,
      credits: m.role === 'assistant' ? metadataCredits(m.metadata) : 0,
      role: m.role,
      type: m.type,
      content: m.content,
      model: m.model,
      metadata: m.metadata ? JSON.stringify(m.metadata) : null,
      status: m.status ?? 'complete',
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (m.touchThread === false) return row.id;
  await db
    .updateTable('threads')
    .set({ message_count: sql`message_count + 1`, updated_at: t, current_leaf_id: row.id })
    .where('id', '=', m.threadId)
    .execute();
  return row.id;
}

type MessageChanges = { content?: string; status?: MessageRow['status']; metadata?: MessageMetadata | null };

/** Replaces a message's content (and optionally status/metadata). */
export async function updateMessage(db: Executor, id: number, changes: MessageChanges): Promise<void> {
  await messageUpdate(db, id, changes).execute();
}

/** updateMessage of a reply's text and status alone (its first save, with its delivery), as a hot query. */
export const replyTextUpdate = hotQuery((k, id: number, content: string, status: MessageRow['status'], at: string) =>
  k.updateTable('messages').set({ content, status, updated_at: at }).where('id', '=', id),
);

/** updateMessage as a query not yet run (to run inside a larger statement). */
export function messageUpdate(db: Executor, id: number, changes: MessageChanges) {
  return db
    .updateTable('messages')
    .set({
      ...(changes.content !== undefined ? { content: changes.content } : {}),
      ...(changes.status !== undefined ? { status: changes.status } : {}),
      ...(changes.metadata !== undefined
        ? {
            metadata: changes.metadata ? JSON.stringify(changes.metadata) : null,
            credits: sql<number>`case when role = 'assistant' then ${metadataCredits(changes.metadata)} else 0 end`,
          }
        : {}),
      updated_at: now(),
    })
    .where('id', '=', id);
}

/** The credits a reply's metadata records (0 when none). */
export function metadataCredits(metadata: MessageMetadata | null | undefined): number {
  const credits = metadata?.credits;
  return typeof credits === 'number' && Number.isFinite(credits) ? credits : 0;
}

/** Deletes a message with everything below it, lowers its thread's count and keeps its shown branch valid. */
export async function deleteMessageRow(db: Executor, id: number, threadId: number): Promise<void> {
  await deleteBranch(db, threadId, id);
}

/** A row's metadata text as an object (null when none or unreadable). */
export function parseMetadata(text: string | null): MessageMetadata | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as MessageMetadata;
  } catch {
    return null;
  }
}

/** The message as the API returns it (core.md section 3 shape). */
export function toMessageView(row: MessageRow, ownerUserId: number): Message {
  const metadata = parseMetadata(row.metadata);
  const role = row.role === 'assistant' ? 'assistant' : 'user';
  return {
    id: row.id,
    thread_id: row.thread_id,
    threadId: row.thread_id,
    parent_id: row.parent_id,
    user_id: ownerUserId,
    content: row.content,
    sender: role,
    role,
    type: row.type === 'image' ? 'image' : 'text',
    model: row.model,
    metadata,
    status:
      row.status === 'streaming' || row.status === 'error' || row.status === 'interrupted' || row.status === 'stopped'
        ? row.status
        : 'complete',
    timestamp: row.created_at,
    created_at: row.created_at,
  };
}

/** A thread's messages, oldest first. */
export async function listThreadMessages(db: Executor, threadId: number): Promise<MessageRow[]> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('thread_id', '=', threadId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** One message by id, or undefined. */
export async function findMessage(db: Executor, id: number): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
}
