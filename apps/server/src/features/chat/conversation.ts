import { normalizeAspectRatio, type AspectRatio, type ChatRequest } from '@ensemble/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import type { ChatTurn } from '../../providers/types.js';

const HISTORY_LIMIT = 40;
const HISTORY_CHARS = 60_000;

type InputMessage = NonNullable<ChatRequest['messages']>[number];

/** The prompt the caller just sent: the last user message with content. */
export function latestPrompt(messages: InputMessage[]): InputMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m && (m.role ?? 'user') === 'user' && m.content.trim()) return m;
  }
  return undefined;
}

/** The aspect ratio a message asks for, from metadata as an object or a JSON string. */
export function requestedAspectRatio(message: InputMessage | undefined): AspectRatio {
  let meta: unknown = message?.metadata;
  if (typeof meta === 'string') {
    try {
      meta = JSON.parse(meta);
    } catch {
      meta = null;
    }
  }
  return normalizeAspectRatio((meta as { aspectRatio?: unknown } | null)?.aspectRatio);
}

/** A message of a branch, as the walk up its parents reads it (`att`: 1 when it has attachments). */
export interface BranchRow {
  id: number;
  role: string;
  content: string;
  type: string;
  status: string;
  att: number;
}

/**
 * The recursive CTE `branch`: a walk up parent_id from the message `anchor` (an id, or a query for
 * one) in the thread, at most `steps` messages, numbered `n` from 1 (newest first). It goes in a
 * `with recursive` list.
 */
export function branchCte(anchor: RawBuilder<unknown>, threadId: number, steps = HISTORY_LIMIT * 2): RawBuilder<unknown> {
  return sql`branch(id, parent_id, role, content, type, status, att, n) as (
    select id, parent_id, role, content, type, status, case when metadata like '%"attachments"%' then 1 else 0 end, 1
    from messages where id = ${anchor} and thread_id = ${threadId}
    union all
    select m.id, m.parent_id, m.role, m.content, m.type, m.status,
      case when m.metadata like '%"attachments"%' then 1 else 0 end, b.n + 1
    from messages m join branch b on m.id = b.parent_id
    where b.n < ${steps} and m.thread_id = ${threadId})`;
}

/**
 * The rows of the CTE `branch` as one JSON array, newest first (a scalar subquery), for a statement
 * that reads the branch along with other things: PostgreSQL's json_agg, SQLite's json_group_array.
 */
export function branchJson(dialect: Dialect): RawBuilder<unknown> {
  const row = sql`'id', id, 'role', role, 'content', content, 'type', type, 'status', status, 'att', att`;
  return dialect === 'postgres'
    ? sql`(select coalesce(json_agg(json_build_object(${row}) order by n), '[]'::json) from branch)`
    : sql`(select json_group_array(json_object(${row}) order by n) from branch)`;
}

/**
 * The turns of the branch ending at `upTo` (oldest first, bounded): only that branch, never another
 * version, so a model remembers the conversation the user sees. The thread's system prompt comes first.
 */
export async function threadHistory(
  db: Kysely<Database>,
  threadId: number,
  upTo: number | null,
  systemPrompt?: string | null,
): Promise<ChatTurn[]> {
  // One query: a walk up parent_id from `upTo`, newest first.
  const { rows } =
    upTo === null
      ? { rows: [] }
      : await sql<BranchRow>`with recursive ${branchCte(sql`${upTo}`, threadId)}
          select id, role, content, type, status, att from branch order by n`.execute(db);
  return branchTurns(rows, systemPrompt);
}

/**
 * The history of a prompt admitted together with the walk up from the message it follows (the
 * one-statement admission reads `branch` with what it wrote, on either database): the same turns
 * `threadHistory` would read from the prompt once saved.
 */
export function admittedHistory(
  prompt: { id: number; content: string; hasAttachments: boolean },
  branch: BranchRow[],
  systemPrompt?: string | null,
): ChatTurn[] {
  const row = {
    id: prompt.id,
    role: 'user',
    content: prompt.content,
    type: 'text',
    status: 'complete',
    att: prompt.hasAttachments ? 1 : 0,
  };
  return branchTurns([row, ...branch.slice(0, HISTORY_LIMIT * 2 - 1)], systemPrompt);
}

/** A branch's rows (newest first) as turns: text that was answered in full, within the bounds. */
function branchTurns(rows: BranchRow[], systemPrompt?: string | null): ChatTurn[] {
  const turns: ChatTurn[] = [];
  let chars = 0;
  for (const r of rows) {
    if (r.type !== 'text' || r.status === 'error' || r.status === 'interrupted' || r.content === '') continue;
    chars += r.content.length;
    if (chars > HISTORY_CHARS || turns.length >= HISTORY_LIMIT) break;
    turns.unshift({
      role: r.role === 'assistant' ? 'assistant' : 'user',
      content: r.content,
      messageId: r.id,
      ...(Number(r.att) === 1 ? { hasAttachments: true } : {}),
    });
  }
  if (systemPrompt?.trim()) turns.unshift({ role: 'system', content: systemPrompt });
  return turns;
}

/** Turns sent without a thread (comparisons): the request's own text messages. */
export function requestTurns(messages: InputMessage[]): ChatTurn[] {
  return messages
    .filter((m) => m.content.trim() && (m.type === undefined || m.type === 'text' || m.type === 'input'))
    .slice(-HISTORY_LIMIT)
    .map((m) => ({ role: m.role ?? 'user', content: m.content }));
}
