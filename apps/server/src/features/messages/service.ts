import { isBlindImage } from '../images/service.js';
import { AppError, type GetMessagesResponse, type Message, type MessageMetadata, imageFileUrl } from '@ensemble/shared';
import { ownsRow } from '../session/ownership.js';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import type { Identity } from '../session/service.js';
import { type ThreadRow, loadOwnedThread } from '../threads/access.js';
import { toThreadSettings } from '../threads/settings.js';
import { threadAssistant } from '../assistants/thread-assistant.js';
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

/** Loads a message the caller owns through its thread: 404 when it is missing or someone else's alike. */
export async function loadOwnedMessage(
  db: DbHandle,
  who: Identity,
  messageId: number,
): Promise<{ message: MessageRow; thread: ThreadRow }> {
  const message = await findMessage(db, messageId);
  const thread = message ? await db.selectFrom('threads').selectAll().where('id', '=', message.thread_id).executeTakeFirst() : undefined;
  if (!message || !thread || !ownsRow(who, thread)) throw new AppError('not_found', 'Message not found');
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
      assistant: await threadAssistant(db, thread),
    },
  };
}

/** One page of the shown branch: the newest `limit` messages, those just before `beforeId`, or those around `aroundId`. */
export interface PageRequest {
  limit: number;
  beforeId?: number;
  aroundId?: number;
}

/**
 * A page of the thread's shown branch, oldest first, with `has_more` (earlier messages exist),
 * `has_more_after` (later ones exist) and `total` (the branch's length, its leaf's depth + 1). It is
 * a walk up `parent_id` from the shown leaf that stops at the page's start, so the first page of any
 * thread reads about `limit` rows; a page further back walks down to it from the leaf.
 */
export async function getThreadPage(
  db: Db,
  who: Identity,
  threadId: number,
  page: PageRequest,
): Promise<Omit<GetMessagesResponse, 'status'>> {
  const k = db.kysely;
  const thread = await loadOwnedThread(k, who, threadId);
  const [leafRow, totalCredits, target] = await Promise.all([
    shownLeafRow(k, threadId, thread.current_leaf_id),
    k
      .selectFrom('messages')
      .select(sql<number | string | null>`sum(credits)`.as('total'))
      .where('thread_id', '=', threadId)
      .executeTakeFirst()
      .then((r) => Number(r?.total ?? 0)),
    (page.beforeId ?? page.aroundId)
      ? k
          .selectFrom('messages')
          .select(['id', 'depth'])
          .where('id', '=', (page.beforeId ?? page.aroundId) as number)
          .where('thread_id', '=', threadId)
          .executeTakeFirst()
      : undefined,
  ]);
  const key = page.beforeId !== undefined ? 'before_id' : 'around_id';
  const notOnBranch = () => new AppError('bad_request', `Invalid request: ${key}: not a message of the shown branch`);
  const total = leafRow ? leafRow.depth + 1 : 0;
  if ((page.beforeId ?? page.aroundId) !== undefined && (!target || target.depth >= total)) throw notOnBranch();
  // The page is the branch's messages at depths [start, end).
  let end = total;
  if (page.beforeId !== undefined) end = (target as { depth: number }).depth;
  else if (page.aroundId !== undefined) end = Math.min(total, (target as { depth: number }).depth + Math.floor(page.limit / 2) + 1);
  const start = Math.max(0, end - page.limit);
  if (page.aroundId !== undefined) end = Math.min(total, start + page.limit);
  // Walk up from the leaf to the page's start; the message named must be the one met at its depth.
  const walked = leafRow ? await branchUpTo(k, threadId, leafRow.id, start) : [];
  if (target && !walked.some((n) => n.id === target.id)) throw notOnBranch();
  const ids = walked.filter((n) => n.depth >= start && n.depth < end).map((n) => n.id);
  const rows = ids.length
    ? await k.selectFrom('messages').selectAll().where('thread_id', '=', threadId).where('id', 'in', ids).orderBy('id').execute()
    : [];
  const kids = await siblingsOf(k, threadId, rows);
  const messages = rows.map((r) => ({ ...toMessageView(r, ownerUserId(thread)), sibling_ids: kids.get(r.parent_id ?? 0) ?? [r.id] }));
  return {
    messages,
    has_more: start > 0,
    has_more_after: end < total,
    total,
    thread: {
      id: thread.id,
      title: thread.title,
      created_at: thread.created_at,
      current_leaf_id: leafRow?.id ?? null,
      message_count: total,
      total_credits: totalCredits,
      ...toThreadSettings(thread),
      assistant: await threadAssistant(k, thread),
    },
  };
}

/** The thread's shown leaf with its depth: the stored one while it exists, else the newest message. */
async function shownLeafRow(db: DbHandle, threadId: number, stored: number | null) {
  const row =
    stored !== null
      ? await db
          .selectFrom('messages')
          .select(['id', 'depth'])
          .where('id', '=', stored)
          .where('thread_id', '=', threadId)
          .executeTakeFirst()
      : undefined;
  return (
    row ??
    db.selectFrom('messages').select(['id', 'depth']).where('thread_id', '=', threadId).orderBy('id', 'desc').limit(1).executeTakeFirst()
  );
}

/** The branch ending at `leafId`, from the leaf up to the message at depth `minDepth` (ids and depths). */
async function branchUpTo(db: DbHandle, threadId: number, leafId: number, minDepth: number) {
  const { rows } = await sql<{ id: number; depth: number }>`
    with recursive branch(id, parent_id, depth) as (
      select id, parent_id, depth from messages where id = ${leafId} and thread_id = ${threadId}
      union all
      select m.id, m.parent_id, m.depth from messages m join branch b on m.id = b.parent_id where b.depth > ${minDepth}
    )
    select id, depth from branch`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), depth: Number(r.depth) }));
}

/** Every version at the places of these messages: the children of their parents, oldest first. */
async function siblingsOf(db: DbHandle, threadId: number, rows: MessageRow[]): Promise<Map<number, number[]>> {
  if (rows.length === 0) return new Map();
  const parents = [...new Set(rows.map((r) => r.parent_id).filter((p): p is number => p !== null))];
  const hasRoot = rows.some((r) => r.parent_id === null);
  const nodes = await db
    .selectFrom('messages')
    .select(['id', 'parent_id'])
    .where('thread_id', '=', threadId)
    .where((eb) => {
      const any = [];
      if (parents.length) any.push(eb('parent_id', 'in', parents));
      if (hasRoot) any.push(eb('parent_id', 'is', null));
      return eb.or(any);
    })
    .orderBy('id')
    .execute();
  return childrenOf(nodes);
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
  // A blind arena picture is not the caller's to show until the vote (issue 41).
  if (input.imageId && (!image || isBlindImage(image))) throw new AppError('not_found', 'Image not found');
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
