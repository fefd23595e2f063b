import { AppError, type ThreadSettings } from '@ensemble/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { Identity } from '../session/service.js';
import { usableBy } from '../mcp/usable.js';
import { type ThreadRow, loadOwnedThread } from './access.js';

type DbHandle = Kysely<Database>;

/** A thread's settings as the API shows them; a blank system prompt reads as none. */
export function toThreadSettings(
  row: Pick<ThreadRow, 'system_prompt' | 'temperature' | 'max_output_tokens' | 'web_search'> & Partial<Pick<ThreadRow, 'mcp_server_ids'>>,
): ThreadSettings {
  return {
    system_prompt: row.system_prompt?.trim() ? row.system_prompt : null,
    temperature: row.temperature,
    max_output_tokens: row.max_output_tokens,
    web_search: Number(row.web_search) === 1,
    mcp_server_ids: parseServerIds(row.mcp_server_ids ?? null),
  };
}

/** A thread's (or an assistant's) MCP server ids as stored (a JSON array); anything else reads as none. */
export function parseServerIds(stored: string | null): number[] {
  if (!stored) return [];
  try {
    const ids = JSON.parse(stored) as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}

/** Changes the settings sent (null clears one) on one of the caller's threads and returns them all. */
export async function updateThreadSettings(
  db: DbHandle,
  who: Identity,
  threadId: number,
  changes: Partial<ThreadSettings>,
): Promise<ThreadSettings> {
  const thread = await loadOwnedThread(db, who, threadId);
  const set: Partial<Pick<ThreadRow, 'system_prompt' | 'temperature' | 'max_output_tokens' | 'web_search' | 'mcp_server_ids'>> = {};
  if (changes.system_prompt !== undefined) set.system_prompt = changes.system_prompt?.trim() ? changes.system_prompt : null;
  if (changes.temperature !== undefined) set.temperature = changes.temperature;
  if (changes.max_output_tokens !== undefined) set.max_output_tokens = changes.max_output_tokens;
  if (changes.web_search !== undefined) set.web_search = changes.web_search ? 1 : 0;
  // Only servers the caller may use are kept (its own and the operators'); others are dropped, not an error.
  if (changes.mcp_server_ids !== undefined) set.mcp_server_ids = JSON.stringify(await usableServerIds(db, who, changes.mcp_server_ids));
  if (Object.keys(set).length === 0) return toThreadSettings(thread);
  await db.updateTable('threads').set(set).where('id', '=', threadId).execute();
  return toThreadSettings({ ...thread, ...set });
}

/** Of `ids`, the MCP servers the caller may use: its own and the operators' (guests: the operators' only). */
export async function usableServerIds(db: DbHandle, who: Identity, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('mcp_servers').select('id').where('id', 'in', ids).where(usableBy(who)).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** The system prompt a new thread starts with: the one asked for, else an account's default. */
export async function initialSystemPrompt(db: DbHandle, who: Identity, requested: string | null | undefined): Promise<string | null> {
  if (requested !== undefined) return requested?.trim() ? requested : null;
  if (who.kind !== 'user') return null;
  const row = await db.selectFrom('users').select('default_system_prompt').where('id', '=', who.userId).executeTakeFirst();
  return row?.default_system_prompt?.trim() ? row.default_system_prompt : null;
}

/** An account's default system prompt; guests have none on the server (their browser keeps it). */
export async function readDefaultSystemPrompt(db: DbHandle, who: Identity): Promise<string | null> {
  if (who.kind !== 'user') throw new AppError('unauthorized', 'Sign in to keep a default system prompt on your account');
  const row = await db.selectFrom('users').select('default_system_prompt').where('id', '=', who.userId).executeTakeFirst();
  return row?.default_system_prompt ?? null;
}

/** Sets (or with null or blank, clears) an account's default system prompt. */
export async function writeDefaultSystemPrompt(db: DbHandle, who: Identity, prompt: string | null): Promise<string | null> {
  if (who.kind !== 'user') throw new AppError('unauthorized', 'Sign in to keep a default system prompt on your account');
  const value = prompt?.trim() ? prompt : null;
  await db.updateTable('users').set({ default_system_prompt: value }).where('id', '=', who.userId).execute();
  return value;
}
