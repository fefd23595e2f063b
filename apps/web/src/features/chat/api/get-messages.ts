import { type GetMessagesResponse, MESSAGE_PATHS } from '@ensemble/shared';
import { apiGet } from '@/lib/api-client';

/** GET get_messages.php: a thread's messages (oldest first) and its title. */
export function getMessages(threadId: number, userId: number, signal?: AbortSignal): Promise<GetMessagesResponse> {
  return apiGet<GetMessagesResponse>(MESSAGE_PATHS.get, { query: { thread_id: threadId, user_id: userId }, signal, cache: 'no-store' });
}
