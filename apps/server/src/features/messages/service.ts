import { AppError, type GetMessagesResponse, type Message, type MessageMetadata, imageFileUrl } from '@ensemble/shared';
import { ownsRow } from '../session/ownership.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { Identity } from '../session/service.js';
import { type ThreadRow, loadOwnedThread } from '../threads/access.js';
import { toThreadSettings } from '../threads/settings.js';
import { childrenOf, loadTree, newestLeafUnder, pathTo, shownLeaf } from './tree.js';
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

/**
 * The thread's shown branch, oldest first (each message with the ids of its versions), and the
 * thread: its shown leaf, the branch's length, the credits paid for every version, its settings.
 */
export async function getThreadMessages(db: DbHandle, who: Identity, threadId: number): Promise<Omit<GetMessagesResponse, 'status'>> {
  const thread = await loadOwnedThread(db, who, threadId);
  const rows = await listThreadMessages(db, threadId);
  const nodes = rows.map((r) => ({ id: r.id, parent_id: r.parent_id }));
  const leaf = shownLeaf(nodes, thread.current_leaf_id);
  const shown = new Set(pathTo(nodes, leaf));
  const kids = childrenOf(nodes);
  let totalCredits = 0;
  for (const r of rows) if (r.role === 'assistant') totalCredits += messageCredits(r);
  const messages = rows
    .filter((r) => shown.has(r.id))
    .map((r) => ({ ...toMessageView(r, ownerUserId(thread)), sibling_ids: kids.get(r.parent_id ?? 0) ?? [r.id] }));
  return {
    messages,
    thread: {
      id: thread.id,
      title: thread.title,
      created_at: thread.created_at,
      current_leaf_id: leaf,
      message_count: messages.length,
      total_credits: totalCredits,
      ...toThreadSettings(thread),
    },
  };
}

/** Credits a reply was charged, as its metadata records them (replies from before issue 14 recorded none). */
function messageCredits(row: MessageRow): number {
  if (!row.metadata) return 0;
  try {
    const credits = (JSON.parse(row.metadata) as { credits?: unknown }).credits;
    return typeof credits === 'number' && Number.isFinite(credits) ? credits : 0;
  } catch {
    return 0;
  }
}

/** Shows another version: the thread's shown branch becomes the newest one through `messageId`. */
export async function switchBranch(db: DbHandle, who: Identity, messageId: number): Promise<Omit<GetMessagesResponse, 'status'>> {
  const { message } = await loadOwnedMessage(db, who, messageId);
  const leaf = newestLeafUnder(await loadTree(db, message.thread_id), message.id);
  await db.updateTable('threads').set({ current_leaf_id: leaf }).where('id', '=', message.thread_id).execute();
  return getThreadMessages(db, who, message.thread_id);
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

/** Deletes one of the caller's messages and everything below it on its branch. */
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
