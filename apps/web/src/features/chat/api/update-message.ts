import { MESSAGE_PATHS } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST update_message.php: replaces a message's content. */
export async function updateMessage(messageId: number, content: string, threadId: number | null, userId: number): Promise<void> {
  await apiPost(MESSAGE_PATHS.update, { message_id: messageId, content, thread_id: threadId ?? undefined, user_id: userId });
}
