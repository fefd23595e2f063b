import { CHAT_PATHS, type ChatResponse, TIMEOUTS } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST chat.php for one slot: no thread, is_comparison true; streamed when the model streams. */
export function startReply(
  model: { id: string; stream: boolean },
  prompt: string,
  userId: number,
  signal?: AbortSignal,
): Promise<ChatResponse> {
  return apiPost<ChatResponse>(
    CHAT_PATHS.chat,
    {
      thread_id: null,
      user_id: userId,
      model: model.id,
      ...(model.stream ? { stream: true } : {}),
      is_comparison: true,
      messages: [{ content: prompt, role: 'user', type: 'text' }],
    },
    { timeoutMs: TIMEOUTS.textChatMs, signal },
  );
}
