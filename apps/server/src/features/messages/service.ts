import { AppError, type Message, type MessageMetadata, imageFileUrl } from '@ensemble/shared';
import { ownsRow } from '../session/ownership.js';
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

/**
 * Saves a user message into one of the caller's threads. With `imageId` (one of the caller's own
 * stored images) the image follows as the assistant's reply, so an image made elsewhere (the image
 * studio) continues in chat without being generated, or paid for, again.
 */
export async function saveUserMessage(
  db: DbHandle,
  who: Identity,
  input: {
    threadId: number;
    content: string;
    type: 'text' | 'image';
    model: string | null;
    metadata: MessageMetadata | null;
    imageId?: string;
  },
): Promise<{ messageId: number; imageMessageId?: number }> {
  await loadOwnedThread(db, who, input.threadId);
  const image = input.imageId ? await db.selectFrom('images').selectAll().where('id', '=', input.imageId).executeTakeFirst() : undefined;
  if (input.imageId && !image) throw new AppError('not_found', 'Image not found');
  if (image && !ownsRow(who, image)) throw new AppError('forbidden', 'You do not have access to this image');
  return db.transaction().execute(async (trx) => {
    const messageId = await insertMessage(trx, {
      threadId: input.threadId,
      role: 'user',
      type: input.type,
      content: input.content,
      model: input.model,
      metadata: input.metadata,
    });
    if (!image) return { messageId };
    const imageMessageId = await insertMessage(trx, {
      threadId: input.threadId,
      role: 'assistant',
      type: 'image',
      content: imageFileUrl(image.id),
      model: image.model,
      metadata: {
        aspectRatio: image.aspect_ratio ?? undefined,
        prompt: image.prompt,
        width: image.width,
        height: image.height,
        image_id: image.id,
      },
    });
    if (image.message_id === null) await trx.updateTable('images').set({ message_id: imageMessageId }).where('id', '=', image.id).execute();
    return { messageId, imageMessageId };
  });
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
