import { type GetMessagesResponse, MESSAGE_PATHS } from '@ensemble/shared';
import { apiGet } from '@/lib/api-client';

/** One page of the shown branch: the newest `limit` messages, or those just before `before_id`. */
export interface MessagesPage {
  limit: number;
  before_id?: number;
}

/** GET get_messages.php: a thread's shown branch (oldest first), or one page of it, and the thread. */
export function getMessages(threadId: number, userId: number, page?: MessagesPage, signal?: AbortSignal): Promise<GetMessagesResponse> {
  return apiGet<GetMessagesResponse>(MESSAGE_PATHS.get, {
    query: {
      thread_id: threadId,
      user_id: userId,
      ...(page ? { limit: page.limit } : {}),
      ...(page?.before_id ? { before_id: page.before_id } : {}),
    },
    signal,
    cache: 'no-store',
  });
}
