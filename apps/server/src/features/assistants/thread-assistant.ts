import { AppError, type ThreadAssistant, assistantIconUrl } from '@ensemble/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { Identity } from '../session/service.js';
import { loadOwnedThread } from '../threads/access.js';
import { usableServerIds } from '../threads/settings.js';
import { loadUsableAssistant, parseServerIdList } from './access.js';

type DbHandle = Kysely<Database>;

/**
 * Starts a thread with an assistant (the first message of a new thread names it): the thread takes the assistant's
 * instructions as its system prompt, its temperature, maximum output tokens, web search and tool servers (those the
 * caller may use) as its own settings, and records the assistant. Only an assistant the caller may use applies (its
 * own, or a featured one): 404 otherwise. A thread that already has messages keeps its own settings.
 */
export async function applyAssistantToThread(db: DbHandle, who: Identity, threadId: number | null, assistantId: number): Promise<void> {
  if (threadId === null) throw new AppError('bad_request', 'Invalid request: assistant_id: needs thread_id (the thread it starts)');
  const assistant = await loadUsableAssistant(db, who, assistantId);
  const thread = await loadOwnedThread(db, who, threadId);
  if (thread.message_count > 0) return;
  const servers = await usableServerIds(db, who, parseServerIdList(assistant.mcp_server_ids));
  await db
    .updateTable('threads')
    .set({
      system_prompt: assistant.instructions.trim() ? assistant.instructions : null,
      temperature: assistant.temperature,
      max_output_tokens: assistant.max_output_tokens,
      web_search: Number(assistant.web_search) === 1 ? 1 : 0,
      mcp_server_ids: JSON.stringify(servers),
      assistant_id: assistant.id,
    })
    .where('id', '=', threadId)
    .where('message_count', '=', 0)
    .execute();
}

/** The assistants that threads were started with, by id, as thread answers name them (one query, none when none). */
export async function threadAssistants(db: DbHandle, threads: { assistant_id: number | null }[]): Promise<Map<number, ThreadAssistant>> {
  const ids = [...new Set(threads.map((t) => t.assistant_id).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('assistants').select(['id', 'name', 'emoji', 'icon_key']).where('id', 'in', ids).execute();
  return new Map(
    rows.map((r) => [r.id, { id: r.id, name: r.name, emoji: r.emoji, icon_url: r.icon_key ? assistantIconUrl(r.icon_key) : null }]),
  );
}

/** The assistant one thread was started with, or null (none, or deleted since). */
export async function threadAssistant(db: DbHandle, thread: { assistant_id: number | null }): Promise<ThreadAssistant | null> {
  if (thread.assistant_id === null) return null;
  return (await threadAssistants(db, [thread])).get(thread.assistant_id) ?? null;
}
