import { CHAT_PATHS, type ChatRequest, type ChatResponse, TIMEOUTS } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST chat.php: starts a reply (a stream id for streamed text, else the whole reply); 60 s text, 180 s image timeout. */
export function sendChat(body: ChatRequest, kind: 'text' | 'image', signal?: AbortSignal): Promise<ChatResponse> {
  return apiPost<ChatResponse>(CHAT_PATHS.chat, body, {
    timeoutMs: kind === 'image' ? TIMEOUTS.imageChatMs : TIMEOUTS.textChatMs,
    signal,
  });
}
