import { CHAT_PATHS, type ChatResponse, TIMEOUTS } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';
import type { SlotAsk } from '../types';

/**
 * POST chat.php for one slot: no thread, is_comparison true; streamed when the model streams; with the uploads every
 * slot sends; `web_search` when this slot searches (the switch is on and its model offers search).
 */
export function startReply(
  model: { id: string; stream: boolean },
  ask: SlotAsk,
  userId: number,
  signal?: AbortSignal,
  search = false,
): Promise<ChatResponse> {
  return apiPost<ChatResponse>(
    CHAT_PATHS.chat,
    {
      thread_id: null,
      user_id: userId,
      model: model.id,
      ...(model.stream ? { stream: true } : {}),
      is_comparison: true,
      messages: [{ content: ask.prompt, role: 'user', type: 'text' }],
      ...(ask.attachmentIds.length ? { attachment_ids: [...ask.attachmentIds] } : {}),
      ...(search ? { web_search: true } : {}),
    },
    { timeoutMs: TIMEOUTS.textChatMs, signal },
  );
}
