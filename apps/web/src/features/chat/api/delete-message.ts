import { MESSAGE_PATHS } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST delete_message.php: removes one message of the caller's. */
export async function deleteMessage(messageId: number, userId: number): Promise<void> {
  await apiPost(MESSAGE_PATHS.remove, { message_id: messageId, user_id: userId });
}
