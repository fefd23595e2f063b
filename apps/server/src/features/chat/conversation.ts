import { normalizeAspectRatio, type AspectRatio, type ChatRequest } from '@ensemble/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { ChatTurn } from '../../providers/types.js';

const HISTORY_LIMIT = 40;
const HISTORY_CHARS = 60_000;

type InputMessage = ChatRequest['messages'][number];

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

/** The thread's earlier text turns (oldest first, bounded), so a model remembers the conversation. */
export async function threadHistory(db: Kysely<Database>, threadId: number): Promise<ChatTurn[]> {
  const rows = await db
    .selectFrom('messages')
    .select(['role', 'content'])
    .where('thread_id', '=', threadId)
    .where('type', '=', 'text')
    .where('status', 'not in', ['error', 'interrupted'])
    .where('content', '!=', '')
    .orderBy('id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  const turns: ChatTurn[] = [];
  let chars = 0;
  for (const r of rows) {
    chars += r.content.length;
    if (chars > HISTORY_CHARS) break;
    turns.unshift({ role: r.role === 'assistant' ? 'assistant' : 'user', content: r.content });
  }
  return turns;
}

/** Turns sent without a thread (comparisons): the request's own text messages. */
export function requestTurns(messages: InputMessage[]): ChatTurn[] {
  return messages
    .filter((m) => m.content.trim() && (m.type === undefined || m.type === 'text' || m.type === 'input'))
    .slice(-HISTORY_LIMIT)
    .map((m) => ({ role: m.role ?? 'user', content: m.content }));
}
