import { type Message, TIMEOUTS } from '@ensemble/shared';
import type { ChatMessage } from './types';

/** A stored message as the chat screen shows it (role assistant becomes sender ai). */
export function toChatMessage(m: Message): ChatMessage {
  return {
    id: m.id,
    sender: m.role === 'user' ? 'user' : 'ai',
    type: m.type,
    content: m.content,
    model: m.model,
    metadata: m.metadata,
    streaming: m.status === 'streaming',
    ...(m.status === 'error' || m.status === 'interrupted' || m.status === 'stopped' ? { cut: m.status } : {}),
    prompt: m.metadata?.prompt,
    parentId: m.parent_id ?? null,
    ...(m.sibling_ids ? { siblingIds: m.sibling_ids } : {}),
    created_at: m.created_at,
  };
}

/**
 * The list after loading a thread (core.md section 4): the server's messages, plus this tab's own
 * that are still loading or streaming, or were added under 5 s ago and are not stored yet.
 */
export function mergeLoaded(local: ChatMessage[], server: ChatMessage[], now = Date.now()): ChatMessage[] {
  const stored = new Set(server.map((m) => m.id));
  const keep = local.filter(
    (m) =>
      !stored.has(m.id) &&
      m.local &&
      (m.type === 'loading' || m.streaming || now - Date.parse(m.created_at) < TIMEOUTS.recentMessageWindowMs),
  );
  return [...server, ...keep];
}

/** The list with one message changed. */
export function patchMessage(list: ChatMessage[], id: number, patch: Partial<ChatMessage>): ChatMessage[] {
  const at = list.findIndex((m) => m.id === id);
  if (at < 0) return list;
  const next = list.slice();
  next[at] = { ...list[at]!, ...patch };
  return next;
}

/** The list without one message. */
export function removeMessage(list: ChatMessage[], id: number): ChatMessage[] {
  return list.some((m) => m.id === id) ? list.filter((m) => m.id !== id) : list;
}

/** How many real messages a list holds (placeholders do not count). */
export function messageCount(list: ChatMessage[]): number {
  return list.filter((m) => m.type !== 'loading').length;
}
