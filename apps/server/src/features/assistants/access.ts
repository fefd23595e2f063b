import { type Assistant, AppError, MESSAGES, assistantIconUrl, assistantSharePageUrl } from '@ensemble/shared';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AssistantsTable, Database } from '../../db/types.js';
import type { Identity } from '../session/service.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** An assistant's row without its icon's bytes (read only by the icon route and by copies). */
export type AssistantRow = Omit<Selectable<AssistantsTable>, 'icon'>;

/** Every column but the icon's bytes. */
export const ASSISTANT_COLUMNS = [
  'id',
  'user_id',
  'name',
  'emoji',
  'icon_key',
  'description',
  'model_id',
  'instructions',
  'temperature',
  'max_output_tokens',
  'starters',
  'web_search',
  'mcp_server_ids',
  'featured',
  'share_token',
  'created_at',
  'updated_at',
] as const;

/** The one answer for an assistant the caller may not see, whether it is someone else's or does not exist. */
export const noAssistant = (): AppError => new AppError('not_found', MESSAGES.assistantNotFound);

/** The caller's account id: 401 without a session, 403 (with why) for a guest. */
export function accountOf(who: Identity | null, guestMessage: string): number {
  if (!who) throw new AppError('unauthorized', 'Sign in to use assistants.');
  if (who.kind !== 'user') throw new AppError('forbidden', guestMessage);
  return who.userId;
}

/** One of the caller's own assistants, else 404. */
export async function loadOwnAssistant(db: Executor, userId: number, id: number): Promise<AssistantRow> {
  const row = await db
    .selectFrom('assistants')
    .select(ASSISTANT_COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw noAssistant();
  return row;
}

/** An assistant the caller may use: its own, or a featured one (guests: featured only); else 404. */
export async function loadUsableAssistant(db: Executor, who: Identity, id: number): Promise<AssistantRow> {
  const row = await db
    .selectFrom('assistants')
    .select(ASSISTANT_COLUMNS)
    .where('id', '=', id)
    .where((eb) => (who.kind === 'user' ? eb.or([eb('featured', '=', 1), eb('user_id', '=', who.userId)]) : eb('featured', '=', 1)))
    .executeTakeFirst();
  if (!row) throw noAssistant();
  return row;
}

/** A stored JSON array, or [] when it is not one. */
export function parseArray<T>(stored: string, keep: (v: unknown) => v is T): T[] {
  try {
    const value = JSON.parse(stored) as unknown;
    return Array.isArray(value) ? value.filter(keep) : [];
  } catch {
    return [];
  }
}
const isString = (v: unknown): v is string => typeof v === 'string';
const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;
export const parseStarters = (stored: string) => parseArray(stored, isString);
export const parseServerIdList = (stored: string) => parseArray(stored, isId);

/**
 * The ids of the operators' MCP servers (user_id null) among `ids`: the only servers a copy for someone else keeps,
 * and the only ones someone else is shown.
 */
export async function operatorServerIds(db: Executor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('mcp_servers').select('id').where('id', 'in', ids).where('user_id', 'is', null).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/**
 * Assistants as `viewerId` sees them: its own in full (share link included); anyone else's without the share link
 * and with only the operators' servers among its tools.
 */
export async function toAssistantViews(db: Executor, rows: AssistantRow[], viewerId: number | null): Promise<Assistant[]> {
  const foreignIds = [...new Set(rows.filter((r) => r.user_id !== viewerId).flatMap((r) => parseServerIdList(r.mcp_server_ids)))];
  const shared = new Set(await operatorServerIds(db, foreignIds));
  return rows.map((r) => {
    const mine = r.user_id === viewerId;
    const servers = parseServerIdList(r.mcp_server_ids);
    return {
      id: r.id,
      name: r.name,
      emoji: r.emoji,
      icon_url: r.icon_key ? assistantIconUrl(r.icon_key) : null,
      description: r.description,
      model_id: r.model_id,
      instructions: r.instructions,
      temperature: r.temperature,
      max_output_tokens: r.max_output_tokens,
      starters: parseStarters(r.starters),
      web_search: Number(r.web_search) === 1,
      mcp_server_ids: mine ? servers : servers.filter((id) => shared.has(id)),
      featured: Number(r.featured) === 1,
      mine,
      share_url: mine && r.share_token ? assistantSharePageUrl(r.share_token) : null,
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  });
}

/** One assistant as `viewerId` sees it. */
export async function toAssistantView(db: Executor, row: AssistantRow, viewerId: number | null): Promise<Assistant> {
  const [view] = await toAssistantViews(db, [row], viewerId);
  return view as Assistant;
}
