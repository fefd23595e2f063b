import { type GetMessagesResponse, MESSAGE_PATHS } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST switch_branch.php: shows another version; answers the thread's new shown branch. */
export function switchBranch(messageId: number, userId: number): Promise<GetMessagesResponse> {
  return apiPost<GetMessagesResponse>(MESSAGE_PATHS.branch, { message_id: messageId, user_id: userId });
}
