import { AppError, DEFAULT_THREAD_TITLE, type Thread, type ThreadAssistant, clampTitle } from '@ensemble/shared';
import { type Kysely, sql } from 'kysely';
import { now } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import { ownerColumns } from '../session/ownership.js';
import type { Identity } from '../session/service.js';
import { type ThreadRow, loadOwnedThread } from './access.js';
import { initialSystemPrompt } from './settings.js';

type DbHandle = Kysely<Database>;

/** The thread as the API returns it (core.md section 3); user_id is -1 for a guest's thread. */
export function toThreadView(row: ThreadRow, assistants?: Map<number, ThreadAssistant>): Thread {
  return {
    id: row.id,
    title: row.title,
    created_at: row.created_at,
    updated_at: row.updated_at,
    user_id: row.user_id ?? -1,
    has_messages: row.message_count > 0,
    is_anonymous: row.user_id == null,
    message_count: row.message_count,
    // The assistant it was started with (issue 40), when the caller looked them up; null once it is deleted.
    ...(assistants ? { assistant: (row.assistant_id !== null && assistants.get(row.assistant_id)) || null } : {}),
    pinned: row.pin_position !== null,
    folder_id: row.folder_id,
    archived: row.archived_at !== null,
  };
}

/** A requested title made storable: clamped to 255 characters, the default when blank. */
export function threadTitle(requested: string | null | undefined): string {
  const t = clampTitle(requested ?? '');
  return t || DEFAULT_THREAD_TITLE;
}

/**
 * Creates a thread for the caller, or hands back one it already has: a guest keeps its current
 * thread (force starts a fresh one, as resetting the chat does); an account reuses its newest
 * empty 'New Thread' unless forced.
 */
export async function createThread(
  db: DbHandle,
  who: Identity,
  input: { title?: string | null; force?: boolean; systemPrompt?: string | null },
): Promise<{ thread: ThreadRow; reused: boolean }> {
  const title = threadTitle(input.title);
  const base = db.selectFrom('threads').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  const mine = who.kind === 'user' ? base.where('user_id', '=', who.userId) : base.where('guest_id', '=', who.guestId);

  let existing: ThreadRow | undefined;
  if (input.force) existing = undefined;
  else if (who.kind === 'guest') existing = await mine.executeTakeFirst();
  else existing = await mine.where('title', '=', DEFAULT_THREAD_TITLE).where('message_count', '=', 0).executeTakeFirst();

  if (existing) {
    // A reused empty thread takes the title the caller asked for, as a new one would.
    if (existing.message_count === 0 && title !== existing.title) {
      const updated_at = now();
      await db.updateTable('threads').set({ title, updated_at }).where('id', '=', existing.id).execute();
      existing = { ...existing, title, updated_at };
    }
    return { thread: existing, reused: true };
  }

  const t = now();
  const settings = {
    system_prompt: await initialSystemPrompt(db, who, input.systemPrompt),
    temperature: null,
    max_output_tokens: null,
    current_leaf_id: null,
    web_search: 0,
    mcp_server_ids: null,
    assistant_id: null,
    folder_id: null,
    pin_position: null,
    archived_at: null,
  };
  const values = { ...ownerColumns(who), title, message_count: 0, ...settings, created_at: t, updated_at: t };
  const row = await db.insertInto('threads').values(values).returning('id').executeTakeFirstOrThrow();
  return { thread: { ...values, id: row.id }, reused: false };
}

/** Which of the caller's threads a list shows (issue 42): all not archived, the main list's, a folder's, or the archive. */
export type ThreadListView = 'all' | 'none' | 'archived' | number;

/**
 * One page of the caller's threads: pinned first, in the order the user set, then by latest activity; reads no message
 * bodies. A guest has no folders or archive: only `all` lists anything.
 */
export async function listThreads(
  db: DbHandle,
  who: Identity,
  page: number,
  limit: number,
  view: ThreadListView = 'all',
): Promise<{ threads: ThreadRow[]; hasMore: boolean }> {
  let q = db.selectFrom('threads').selectAll();
  q = who.kind === 'user' ? q.where('user_id', '=', who.userId) : q.where('guest_id', '=', who.guestId);
  if (view === 'archived') q = q.where('archived_at', 'is not', null);
  else q = q.where('archived_at', 'is', null);
  if (view === 'none') q = q.where('folder_id', 'is', null);
  else if (typeof view === 'number') q = q.where('folder_id', '=', view);
  const rows = await q
    .orderBy(sql`case when pin_position is null then 1 else 0 end`)
    .orderBy('pin_position')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  return { threads: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** Deletes one of the caller's threads; its messages go with it, its images stay in the gallery. */
export async function deleteThread(db: DbHandle, who: Identity, threadId: number): Promise<void> {
  await loadOwnedThread(db, who, threadId);
  await db.deleteFrom('threads').where('id', '=', threadId).execute();
}

/** Renames one of the caller's threads (clamped to 255 characters); a blank title is refused. */
export async function renameThread(db: DbHandle, who: Identity, threadId: number, requested: string): Promise<ThreadRow> {
  const thread = await loadOwnedThread(db, who, threadId);
  const title = clampTitle(requested);
  if (!title) throw new AppError('bad_request', 'Invalid request: title: must not be blank');
  const updated_at = now();
  await db.updateTable('threads').set({ title, updated_at }).where('id', '=', threadId).execute();
  return { ...thread, title, updated_at };
}
