import { AppError, type Message, type MessageMetadata } from '@ensemble/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { Identity } from '../session/service.js';
import { type ThreadRow, loadOwnedThread } from '../threads/access.js';
import {
  type MessageRow,
  deleteMessageRow,
  findMessage,
  insertMessage,
  listThreadMessages,
  toMessageView,
  updateMessage,
} from './store.js';

type DbHandle = Kysely<Database>;

/** The user_id a thread's messages carry: the account's id, -1 for a guest. */
const ownerUserId = (thread: ThreadRow): number => thread.user_id ?? -1;

/** Loads a message the caller owns through its thread: 404 when missing, 403 when someone else's. */
export async function loadOwnedMessage(
  db: DbHandle,
  who: Identity,
  messageId: number,
): Promise<{ message: MessageRow; thread: ThreadRow }> {
  const message = await findMessage(db, messageId);
  if (!message) throw new AppError('not_found', 'Message not found');
  const thread = await loadOwnedThread(db, who, message.thread_id);
  return { message, thread };
}

/** A thread's messages, oldest first, with the thread's id, title and creation time. */
export async function getThreadMessages(
  db: DbHandle,
  who: Identity,
  threadId: number,
): Promise<{ messages: Message[]; thread: { id: number; title: string; created_at: string } }> {
  const thread = await loadOwnedThread(db, who, threadId);
  const rows = await listThreadMessages(db, threadId);
  return {
    messages: rows.map((r) => toMessageView(r, ownerUserId(thread))),
    thread: { id: thread.id, title: thread.title, created_at: thread.created_at },
  };
}

/** Saves a user message into one of the caller's threads; returns its id. */
export async function saveUserMessage(
  db: DbHandle,
  who: Identity,
  input: { threadId: number; content: string; type: 'text' | 'image'; model: string | null; metadata: MessageMetadata | null },
): Promise<number> {
  await loadOwnedThread(db, who, input.threadId);
  return db.transaction().execute((trx) =>
    insertMessage(trx, {
      threadId: input.threadId,
      role: 'user',
      type: input.type,
      content: input.content,
      model: input.model,
      metadata: input.metadata,
    }),
  );
}

/** Deletes one of the caller's messages. */
export async function deleteOwnedMessage(db: DbHandle, who: Identity, messageId: number): Promise<void> {
  const { message } = await loadOwnedMessage(db, who, messageId);
  await db.transaction().execute((trx) => deleteMessageRow(trx, message.id, message.thread_id));
}

/** Replaces the content of one of the caller's messages; a thread_id that is not the message's is refused. */
export async function editOwnedMessage(
  db: DbHandle,
  who: Identity,
  messageId: number,
  content: string,
  threadId?: number,
): Promise<Message> {
  const { message, thread } = await loadOwnedMessage(db, who, messageId);
  if (threadId !== undefined && threadId !== message.thread_id)
    throw new AppError('bad_request', 'Invalid request: thread_id: the message is not in this thread');
  // The chat engine is still writing this reply; an edit now would be overwritten by the next chunk.
  if (message.status === 'streaming') throw new AppError('conflict', 'This reply is still being written; edit it once it is complete');
  await updateMessage(db, message.id, { content });
  const fresh = (await findMessage(db, message.id)) as MessageRow;
  return toMessageView(fresh, ownerUserId(thread));
}
